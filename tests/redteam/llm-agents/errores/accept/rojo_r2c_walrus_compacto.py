# style: compact walrus-based version with an inline error builder lambda.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

_error = lambda id, texto: {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}

def ejecutar(ll, entorno):
    if (motivo := incumple(ll)) is not None:
        return _error(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return _error(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
