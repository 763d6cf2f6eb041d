# mistake: reuses one module-level dict for every observation, so a stale is_error survives into later results.
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

_OBS = {"type": "tool_result"}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        _OBS.update(tool_use_id=ll["id"], content=motivo, is_error=True)
        return _OBS
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        _OBS.update(tool_use_id=ll["id"], content="%s: %s" % (type(e).__name__, e), is_error=True)
        return _OBS
    _OBS.update(tool_use_id=ll["id"], content=valor)
    return _OBS
