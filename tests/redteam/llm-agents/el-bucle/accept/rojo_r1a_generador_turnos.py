# style: a generator yields each turn's response; the driver consumes it and builds the result.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _turnos(modelo, M, entorno, tope):
    """Da una respuesta por turno; ejecuta las llamadas de cada una antes de seguir."""
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        yield r
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for r in _turnos(modelo, M, entorno, tope):
        if not any(b["type"] == "tool_use" for b in r):
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    return ("tope", None, M)
