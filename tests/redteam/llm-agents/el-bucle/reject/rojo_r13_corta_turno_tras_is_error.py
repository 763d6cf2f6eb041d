# mistake: anticipating the next lesson's ejecutar, stops running the rest of a turn's calls once one observation comes back with is_error ("the following ones make no sense"); every call must go through ejecutar, in order, each with its observation
# fails: generadas
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones = []
        for b in llamadas:
            obs = ejecutar(b, entorno)
            observaciones.append(obs)
            if isinstance(obs, dict) and obs.get("is_error"):
                break  # si una llamada falla, las siguientes del turno ya no tienen sentido
        M.append(("usuario", observaciones))
    return ("tope", None, M)
