# exit() de la consola: termina la celda sin error.
# estado: Ejecución terminada.
# salida-re: ^antes\n$
print("antes")
exit()
