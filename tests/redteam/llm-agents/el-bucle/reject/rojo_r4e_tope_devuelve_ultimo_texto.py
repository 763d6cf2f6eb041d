# mistake: Al agotar el tope devuelve el texto de la última respuesta en lugar de None ('para que el usuario vea algo'), así que si la última respuesta permitida traía texto junto a sus llamadas devuelve ('tope', ese texto, M).
# fails: conversacion
# says: nunca se llama al modelo más
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
    M = list(inicio)
    ultimo = None
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos = [b["text"] for b in r if b["type"] == "text"]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(textos), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        if textos:
            ultimo = " ".join(textos)  # lo último que dijo, por si se acaba el tope
    return "tope", ultimo, M
