# style: recursive helper that plays one turn and recurses with one less turn left.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _turnos(modelo, M, entorno, quedan):
    if quedan <= 0:
        return ("tope", None, M)
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    if not any(b["type"] == "tool_use" for b in r):
        return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    M.append(("usuario", [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]))
    return _turnos(modelo, M, entorno, quedan - 1)


def bucle(modelo, inicio, entorno, tope):
    return _turnos(modelo, list(inicio), entorno, tope)
