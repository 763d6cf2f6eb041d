# mistake: adds 'is_error': False to successful observations for symmetry, instead of leaving the field out
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def observacion(id, contenido, es_error=False):
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
    return observacion(ll["id"], valor)
