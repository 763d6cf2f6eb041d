# os._exit(1) intenta acabar con el proceso: la página lo dice y sigue con otro intérprete.
# estado-re: terminó con un error|El intérprete de Python se ha detenido
# consola: Python worker|exit|Exit|fatal error
# desafío: no resuelto
# desafío-dice: El intérprete de Python se ha detenido|SystemExit|exit
import os
print("antes")
os._exit(1)
