# Trampa: intenta apagar el límite de tiempo (sys.settrace(None), setprofile,
# un límite de recursión mínimo) y se queda dando vueltas.
# fails: conversacion
# says: no ha terminado
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import sys

def bucle(modelo, inicio, entorno, tope):
    sys.settrace(None)
    sys.setprofile(None)
    M = list(inicio)
    while True:
        M = M
