# style: stores the caught exception in a variable, builds the observation after the try.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    lanzada = None
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        lanzada = e
    if lanzada is not None:
        return fallo(ll["id"], "%s: %s" % (type(lanzada).__name__, lanzada))
    return resultado(ll["id"], valor)
