# style: returns a namedtuple with fields estado, texto, M and uses map/filter
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from collections import namedtuple
from operator import itemgetter

Salida = namedtuple("Salida", "estado texto M")


def bucle(modelo, inicio, entorno, tope):
    M = [*inicio]
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        llamadas = list(filter(lambda b: b["type"] == "tool_use", r))
        if not llamadas:
            textos = map(itemgetter("text"), filter(lambda b: b["type"] == "text", r))
            return Salida("fin", " ".join(textos), M)
        M += [("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas)))]
    return Salida("tope", None, M)
