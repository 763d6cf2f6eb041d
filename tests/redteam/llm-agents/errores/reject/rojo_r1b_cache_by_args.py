# mistake: caches observations per (tool, arguments), ignoring that the environment may differ or have changed.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

_CACHE = {}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    clave = (ll["name"], tuple(sorted(ll["input"].items())))
    if clave in _CACHE:
        return dict(_CACHE[clave], tool_use_id=ll["id"])
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        obs = {"type": "tool_result", "tool_use_id": ll["id"],
               "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    else:
        obs = resultado(ll["id"], valor)
    _CACHE[clave] = obs
    return dict(obs)
