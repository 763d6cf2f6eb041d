exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = inicio[:]
    quedan = tope
    while quedan > 0:
        quedan -= 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if not any(b["type"] == "tool_use" for b in r):
            return "fin", " ".join([b["text"] for b in r if b["type"] == "text"]), M
        M.append(("usuario", [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]))
    return "tope", None, M
