# mistake: reuses a single observations list for every turn (clear and refill), so earlier user messages in M change to the latest observations.
# fails: conversacion
# says: el modelo recibe modelo(M, HERRAMIENTAS), y
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    obs = []  # la misma lista cada turno, para no crear otra
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs.clear()
        for ll in llamadas:
            obs.append(ejecutar(ll, entorno))
        M.append(("usuario", obs))
    return ("tope", None, M)
