# style: Counts turns with itertools.islice(itertools.count(1), tope), groups blocks by type in a dict, and keeps an explicit estado variable.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import itertools


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    estado, texto = "tope", None
    for turno in itertools.islice(itertools.count(1), tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        por_tipo = {"text": [], "tool_use": []}
        for b in r:
            if b["type"] in por_tipo:
                por_tipo[b["type"]].append(b)
        if not por_tipo["tool_use"]:
            estado = "fin"
            texto = " ".join(t["text"] for t in por_tipo["text"])
            break
        observaciones = [ejecutar(ll, entorno) for ll in por_tipo["tool_use"]]
        M.append(("usuario", observaciones))
    return (estado, texto, M)
