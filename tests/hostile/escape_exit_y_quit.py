# exit() de la consola: termina la celda sin error.
# estado: Ejecución terminada.
# salida-re: ^antes\n$
# desafío: no resuelto
# desafío-dice: SystemExit
print("antes")
exit()
