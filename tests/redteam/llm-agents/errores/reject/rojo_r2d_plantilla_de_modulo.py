# mistake: reuses one module-level template dict for every observation, so is_error set by a failure leaks into later successful ones
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


_OBS = {"type": "tool_result"}


def _observa(id, contenido, error=False):
    obs = _OBS
    obs["tool_use_id"] = id
    obs["content"] = contenido
    if error:
        obs["is_error"] = True
    return dict(obs)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _observa(ll["id"], motivo, error=True)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return _observa(ll["id"], "%s: %s" % (type(e).__name__, e), error=True)
    return _observa(ll["id"], valor)
