# style: Assigns tipo = type(e) and uses tipo.__name__ with % and a one-element-tuple-safe format.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"tool_use_id": ll["id"], "type": "tool_result", "is_error": True, "content": motivo}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        tipo = type(e)
        mensaje = "%s: %s" % (tipo.__name__, e)
        return {"tool_use_id": ll["id"], "type": "tool_result", "is_error": True, "content": mensaje}
    return resultado(ll["id"], valor)
