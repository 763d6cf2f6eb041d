# mistake: stores the response cut at the last tool_use (texts after the calls are dropped as noise), but all blocks must be stored in order.
# fails: generadas
# says: nunca se llama al modelo más
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        idx = [i for i, b in enumerate(r) if b["type"] == "tool_use"]
        if not idx:
            M.append(("asistente", r))
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("asistente", r[:idx[-1] + 1]))  # lo que va tras las llamadas no sirve
        M.append(("usuario", [ejecutar(r[i], entorno) for i in idx]))
    return ("tope", None, M)
