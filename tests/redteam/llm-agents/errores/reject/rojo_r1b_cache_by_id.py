# mistake: caches observations per call id, so a second call with a repeated id gets the old observation.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

_VISTAS = {}

def ejecutar(ll, entorno):
    if ll["id"] in _VISTAS:      # ya contestada
        return dict(_VISTAS[ll["id"]])
    motivo = incumple(ll)
    if motivo is not None:
        obs = {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            obs = {"type": "tool_result", "tool_use_id": ll["id"],
                   "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
        else:
            obs = resultado(ll["id"], valor)
    _VISTAS[ll["id"]] = dict(obs)
    return obs
