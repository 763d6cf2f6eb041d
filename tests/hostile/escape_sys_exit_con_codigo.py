# sys.exit(3): un final con error, explicado, sin tocar el intérprete.
# estado: terminó con un error
# salida: SystemExit: 3
import sys
sys.exit(3)
