# Vacía el módulo builtins entero: la celda falla y las siguientes lo tienen todo.
# estado: terminó con un error
# salida: NameError
# desafío: no resuelto
# desafío-dice: NameError
import builtins
builtins.__dict__.clear()
len("x")
