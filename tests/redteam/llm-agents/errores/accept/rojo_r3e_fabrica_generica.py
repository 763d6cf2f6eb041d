# style: one generic observation factory with an optional error flag that only adds is_error when set.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def _observacion(id, contenido, error=False):
    if error:
        return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}
    return resultado(id, contenido)

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _observacion(ll["id"], motivo, error=True)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return _observacion(ll["id"], "%s: %s" % (type(e).__name__, e), error=True)
    return _observacion(ll["id"], valor)
