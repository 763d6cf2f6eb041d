# Pide memoria a trozos de 50 MB hasta que no queda: MemoryError o intérprete nuevo.
# estado-re: terminó con un error|El intérprete de Python se ha detenido
# salida-re: MemoryError|^$
# consola: Python worker|memory|Out of memory|fatal error
# límite: 120
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en|MemoryError|El intérprete de Python se ha detenido
trozos = []
while True:
    trozos.append(bytearray(50 * 1024 * 1024))
