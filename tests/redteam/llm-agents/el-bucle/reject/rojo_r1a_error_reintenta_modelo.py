# mistake: when ejecutar raises, the exception is caught and the model is simply called again (the turn is discarded) instead of letting it out.
# fails: generadas
# says: si ejecutar o el modelo lanzan
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
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            M.append(("asistente", r))
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        try:
            observaciones = [ejecutar(ll, entorno) for ll in llamadas]
        except (ValueError, KeyError):
            continue             # llamada mala: que el modelo pruebe otra vez
        M.append(("asistente", r))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
