# mistake: logs rejected calls with muestra(ll), which crashes when input is not a dict, so a call like leer with input=None or input=['x'] raises AttributeError instead of returning the reason.
# fails: generadas
# says: lanzó AttributeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        print("llamada rechazada:", muestra(ll), "·", motivo)
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        print("la herramienta falló:", muestra(ll), "·", e)
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], salida)
