# mistake: catches exceptions from ejecutar and turns them into is_error tool_results, but this lesson requires the exception to leave bucle.
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
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs = []
        for ll in llamadas:
            try:
                obs.append(ejecutar(ll, entorno))
            except Exception as e:  # que el modelo se entere del error
                obs.append({"type": "tool_result", "tool_use_id": ll["id"],
                            "content": "Error: %s" % e, "is_error": True})
        M.append(("usuario", obs))
    return ("tope", None, M)
