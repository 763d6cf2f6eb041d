# Ejecuta la herramienta antes de mirar el esquema: una escritura con contenido=5 llega al entorno.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    try:
        valor, error = FUNCIONES[ll["name"]](entorno, **ll["input"]), None
    except Exception as e:
        valor, error = None, "%s: %s" % (type(e).__name__, e)
    motivo = incumple(ll)
    if motivo is not None:
        error = motivo  # el motivo del esquema explica mejor qué pasó
    if error is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": error, "is_error": True}
    return resultado(ll["id"], valor)
