# mistake: builds the error observation by copying ll and updating it, so 'id', 'name' and 'input' stay as extra keys
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(ll, mensaje):
    obs = dict(ll)
    obs.update(type="tool_result", tool_use_id=ll["id"], content=mensaje, is_error=True)
    return obs


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll, motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll, "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
