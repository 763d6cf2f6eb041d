# style: small helpers: one to run the tool returning (ok, value), one to describe the exception.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def _describe(excepcion):
    return "%s: %s" % (type(excepcion).__name__, excepcion)

def _error(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}

def _llama(funcion, entorno, argumentos):
    try:
        return True, funcion(entorno, **argumentos)
    except Exception as e:
        return False, e

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _error(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    ok, valor = _llama(funcion, entorno, ll["input"])
    if ok:
        return resultado(ll["id"], valor)
    return _error(ll["id"], _describe(valor))
