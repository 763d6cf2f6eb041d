# Mil millones de elementos (8 GB): MemoryError en la salida, el intérprete sigue vivo.
# estado-re: terminó con un error|El intérprete de Python se ha detenido
# salida-re: MemoryError|^$
# consola: Python worker|memory|Out of memory|fatal error
# desafío: no resuelto
# desafío-dice: MemoryError|El intérprete de Python se ha detenido
x = [0] * 10**9
