# mistake: reuses one observations list for every turn (clearing it each time), so with two or more turns with calls all user messages in M share it and earlier ones show the latest observations.
# fails: conversacion
# says: el modelo recibe modelo(M, HERRAMIENTAS), y M
# fails: generadas
# says: nunca se llama al modelo más de
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    observaciones = []
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones.clear()
        for ll in llamadas:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
