# style: itertools.repeat for the turns and walrus operators for the calls
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import itertools


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in itertools.repeat(None, tope):
        M.append(("asistente", r := modelo(M, HERRAMIENTAS)))
        if not (llamadas := [b for b in r if b["type"] == "tool_use"]):
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
