# mistake: Adds an explicit 'is_error': False to successful observations, which must be exactly resultado's block without is_error.
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    es_error, contenido = False, None
    if motivo is not None:
        es_error, contenido = True, motivo
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            contenido = funcion(entorno, **ll["input"])
        except Exception as e:
            es_error, contenido = True, "%s: %s" % (type(e).__name__, e)
    return {"type": "tool_result", "tool_use_id": ll["id"], "content": contenido, "is_error": es_error}
