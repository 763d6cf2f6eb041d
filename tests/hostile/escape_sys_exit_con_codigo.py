# sys.exit(3): un final con error, explicado, sin tocar el intérprete.
# estado: terminó con un error
# salida: SystemExit: 3
# desafío: no resuelto
# desafío-dice: SystemExit al ejecutarse, antes de las pruebas: 3
import sys
sys.exit(3)
