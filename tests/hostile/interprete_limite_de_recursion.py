# Baja el límite de recursión a casi nada: la siguiente ejecución tiene el de siempre.
# estado: Ejecución terminada.
# desafío: resuelto
import sys
sys.setrecursionlimit(40)
