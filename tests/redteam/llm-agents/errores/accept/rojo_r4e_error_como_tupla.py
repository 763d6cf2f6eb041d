exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def _observa(id, contenido, es_error):
    obs = resultado(id, contenido)
    if es_error:
        obs = {**obs, "is_error": True}
    return obs


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _observa(ll["id"], motivo, True)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return _observa(ll["id"], "%s: %s" % (type(e).__name__, e), True)
    return _observa(ll["id"], valor, False)
