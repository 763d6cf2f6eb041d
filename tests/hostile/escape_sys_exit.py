# sys.exit() termina la celda con normalidad: lo impreso antes se queda.
# estado: Ejecución terminada.
# salida-re: ^antes\n$
# desafío: no resuelto
# desafío-dice: SystemExit
import sys
print("antes")
sys.exit()
print("después")
