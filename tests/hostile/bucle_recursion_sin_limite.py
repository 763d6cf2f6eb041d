# Quita el límite de recursión y baja sin fin: o RecursionError, o la pila del
# navegador se agota y la página cambia de intérprete. Nunca se cuelga.
# estado-re: terminó con un error|El intérprete de Python se ha detenido
# consola: Python worker|RangeError|call stack|stack overflow|too much recursion|fatal error|^Error$
# límite: 180
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en|RecursionError|El intérprete de Python se ha detenido
import sys
sys.setrecursionlimit(10**9)

def baja(n):
    return baja(n + 1)

baja(0)
