# mistake: memoises observations by tool_use id to avoid re-running a repeated call, so a new call that reuses an id gets the old answer
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


_VISTAS = {}


def ejecutar(ll, entorno):
    if ll["id"] in _VISTAS:
        return dict(_VISTAS[ll["id"]])
    motivo = incumple(ll)
    if motivo is not None:
        obs = fallo(ll["id"], motivo)
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            obs = fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
        else:
            obs = resultado(ll["id"], valor)
    _VISTAS[ll["id"]] = obs
    return obs
