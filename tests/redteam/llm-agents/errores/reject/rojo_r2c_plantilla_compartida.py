# mistake: fills a module-level template dict for every error observation instead of building a new dict, so earlier error observations change when a later call fails.
# fails: conversacion
# says: cada observación es un dict nuevo:
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

_ERROR = {"type": "tool_result", "is_error": True}

def _error(id, mensaje):
    obs = _ERROR
    obs["tool_use_id"] = id
    obs["content"] = mensaje
    return obs

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _error(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return _error(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
