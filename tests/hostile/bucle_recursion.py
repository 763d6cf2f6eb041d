# Recursión sin caso base: RecursionError con la línea de la celda, sin tirar el intérprete.
# estado: terminó con un error
# salida: RecursionError: maximum recursion depth exceeded
# salida: File "<Celda 1>", line 8, in baja
# desafío: no resuelto
# desafío-dice: RecursionError
def baja(n):
    return baja(n + 1)

baja(0)
