# style: itertools.repeat(None, tope) drives the turns; text built with str.join over a generator.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import itertools


def bucle(modelo, inicio, entorno, tope):
    M = [m for m in inicio]
    for _ in itertools.repeat(None, tope):
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        pedidas = [b for b in respuesta if b["type"] == "tool_use"]
        if pedidas == []:
            return "fin", " ".join(b["text"] for b in respuesta if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(p, entorno) for p in pedidas]))
    return "tope", None, M
