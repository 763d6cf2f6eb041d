# style: a module-level sentinel object to tell 'no result yet' from any returned value, None included.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

_NADA = object()

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    valor, error = _NADA, None
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        error = "%s: %s" % (type(e).__name__, e)
    if valor is _NADA:
        return fallo(ll["id"], error)
    return resultado(ll["id"], valor)
