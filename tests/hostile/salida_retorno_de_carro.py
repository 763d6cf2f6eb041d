# \r no borra nada: la salida lo guarda tal cual, como texto.
# estado: Ejecución terminada.
# salida-re: ^uno\rdos\n0%\r50%\r100%\n$
# desafío: resuelto
print("uno\rdos")
for p in ("0%", "50%", "100%"):
    print("\r" + p if p != "0%" else p, end="")
print()
