# style: groups blocks by type in a defaultdict (keeping order within each type)
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from collections import defaultdict


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        por_tipo = defaultdict(list)
        for b in r:
            por_tipo[b["type"]].append(b)
        if not por_tipo["tool_use"]:
            return ("fin", " ".join(b["text"] for b in por_tipo["text"]), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in por_tipo["tool_use"]]))
    return ("tope", None, M)
