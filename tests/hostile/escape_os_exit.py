# os._exit(1) acaba con el intérprete: la página dice que ha sido el programa, con
# os._exit(), y sigue con otro intérprete.
# estado: El intérprete de Python se ha detenido: el programa lo ha cerrado con os._exit().
# consola: Python worker|exit|Exit|fatal error
# desafío: no resuelto
# desafío-dice: El intérprete de Python se ha detenido|SystemExit|exit
import os
print("antes")
os._exit(1)
