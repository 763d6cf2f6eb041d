# Marca con is_error todas las observaciones, también las que salen bien.
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        contenido = motivo
    else:
        try:
            contenido = FUNCIONES[ll["name"]](entorno, **ll["input"])
        except Exception as error:
            contenido = "%s: %s" % (type(error).__name__, error)
    return {"type": "tool_result", "tool_use_id": ll["id"], "content": contenido, "is_error": True}
