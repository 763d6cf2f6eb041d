exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Returns ("fin", text, M) or ("tope", None, M)
    M = list(inicio)
    turns = 0
    while True:
        if turns >= tope:          # never call the model more than tope times
            return "tope", None, M
        reply = modelo(M, HERRAMIENTAS)
        turns += 1
        M.append(("asistente", reply))
        calls = [blk for blk in reply if blk["type"] == "tool_use"]
        if not calls:
            return "fin", " ".join(blk["text"] for blk in reply if blk["type"] == "text"), M
        results = []
        for call in calls:          # in order, repeated ones too
            results.append(ejecutar(call, entorno))
        M.append(("usuario", results))
