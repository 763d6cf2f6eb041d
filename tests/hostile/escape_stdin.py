# Leer de sys.stdin explica lo mismo que input().
# estado: terminó con un error
# salida: input() no está disponible en las celdas
# desafío: resuelto
import sys
sys.stdin.readline()
