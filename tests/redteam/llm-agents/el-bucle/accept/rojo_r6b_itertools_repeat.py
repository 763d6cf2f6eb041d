# style: itertools.repeat for the turns, map/filter for the blocks, and a single-pass partition.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from itertools import repeat


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    es = lambda tipo: (lambda b: b["type"] == tipo)
    for _ in repeat(None, tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = list(filter(es("tool_use"), r))
        if llamadas:
            M.append(("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas))))
        else:
            textos = map(lambda b: b["text"], filter(es("text"), r))
            return ("fin", " ".join(textos), M)
    return ("tope", None, M)
