# style: copy.copy(inicio) and M.extend/M += for appending; observations built with an explicit loop.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


import copy


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = copy.copy(inicio)
    turnos = range(tope)
    for _ in turnos:
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        pedidas = [b for b in r if b["type"] == "tool_use"]
        if not pedidas:
            partes = [b["text"] for b in r if b["type"] == "text"]
            return ("fin", " ".join(partes), M)
        obs = []
        for ll in pedidas:
            obs.append(ejecutar(ll, entorno))
        M.extend([("usuario", obs)])
    return ("tope", None, M)
