# mistake: moves the call into a helper that catches BaseException, so SystemExit from the tool no longer leaves ejecutar.
# fails: generadas
# says: lo que no es una Exception
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def _intenta(funcion, *args, **kwargs):
    try:
        return True, funcion(*args, **kwargs)
    except BaseException as e:
        return False, "%s: %s" % (type(e).__name__, e)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    ok, valor = _intenta(funcion, entorno, **ll["input"])
    if not ok:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": valor, "is_error": True}
    return resultado(ll["id"], valor)
