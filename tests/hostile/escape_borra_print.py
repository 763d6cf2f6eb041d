# del __builtins__.print: en esta ejecución print ya no existe; en la siguiente, sí.
# estado: terminó con un error
# salida: NameError: name 'print' is not defined
# desafío: no resuelto
# desafío-dice: NameError
del __builtins__.print
print("no llega")
