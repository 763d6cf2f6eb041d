# mistake: has a helper return the exception instead of raising it and then tests isinstance(valor, Exception), so a tool that RETURNS an exception object is reported as an error.
# fails: generadas
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def _llama(funcion, entorno, argumentos):
    try:
        return funcion(entorno, **argumentos)
    except Exception as e:
        return e

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    valor = _llama(funcion, entorno, ll["input"])
    if isinstance(valor, Exception):
        return fallo(ll["id"], "%s: %s" % (type(valor).__name__, valor))
    return resultado(ll["id"], valor)
