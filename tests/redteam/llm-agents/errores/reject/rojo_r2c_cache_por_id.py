# mistake: caches observations by call id and returns the cached one when an id repeats, without running the new call.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

_HECHAS = {}  # id -> observación, para no repetir una llamada

def ejecutar(ll, entorno):
    if ll["id"] in _HECHAS:
        return _HECHAS[ll["id"]]
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
    _HECHAS[ll["id"]] = obs
    return obs
