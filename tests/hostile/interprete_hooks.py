# Cambia los ganchos de sys: displayhook, excepthook, el import de builtins.
# estado: Ejecución terminada.
# desafío: resuelto
import sys, builtins
sys.displayhook = None
sys.excepthook = None
sys.path.clear()
sys.meta_path.clear()
