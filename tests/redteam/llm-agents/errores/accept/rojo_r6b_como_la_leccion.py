# style: the lesson's own shape: a fallo helper, the schema check first, the function looked up before a try that holds only the call.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):  # una observación de error: el tool_result de siempre, con is_error
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)  # el motivo vuelve al modelo
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:  # Exception, no BaseException: KeyboardInterrupt sigue parando
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], salida)
