# Una cadena que se dobla sin fin: OverflowError o MemoryError al llegar al tope de
# la memoria, o el intérprete muere y la página lo dice en español y arranca otro.
# estado-re: terminó con un error|El intérprete de Python se ha detenido
# salida-re: OverflowError|MemoryError|^$
# consola: Python worker|memory|Out of memory|fatal error
# límite: 120
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en|MemoryError|OverflowError|El intérprete de Python se ha detenido
s = "x"
while True:
    s += s
