# mistake: Runs the tool even when incumple gives a motive (only the returned content uses the motive), so the environment can change.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        valor = None
        error = "%s: %s" % (type(e).__name__, e)
    else:
        error = None
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    if error is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": error, "is_error": True}
    return resultado(ll["id"], valor)
