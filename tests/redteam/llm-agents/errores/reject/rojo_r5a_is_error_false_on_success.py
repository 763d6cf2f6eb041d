# mistake: Successful observations carry an explicit "is_error": False key, while the contract says they are exactly resultado(...) without is_error.
# fails: conversacion
# says: si la herramienta devuelve, la observación es
# fails: generadas
# says: si la herramienta devuelve, la observación es
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def observacion(id, contenido, es_error):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": es_error}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return observacion(ll["id"], motivo, True)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return observacion(ll["id"], "%s: %s" % (type(e).__name__, e), True)
    return observacion(ll["id"], valor, False)
