# Deja instalada una función de traza que falla en cada llamada.
# estado-re: Ejecución terminada\.|terminó con un error
# desafío: resuelto
import sys

def traza(frame, event, arg):
    raise ZeroDivisionError("traza")

sys.settrace(traza)
sys.setprofile(traza)
