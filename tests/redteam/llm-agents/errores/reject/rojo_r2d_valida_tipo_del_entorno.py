# mistake: validates the environment (a dict of str to str) before running and answers an is_error 'entorno no válido' observation when it is not
# fails: generadas
# says: Tu función: no hace su llamada número 1 a leer
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def _entorno_valido(entorno):
    return isinstance(entorno, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in entorno.items())


def ejecutar(ll, entorno):
    if not _entorno_valido(entorno):
        return fallo(ll["id"], "entorno no válido")
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
