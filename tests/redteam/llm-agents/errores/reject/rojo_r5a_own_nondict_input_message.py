# mistake: An input that is not a dict gets a home-made message before incumple runs, instead of incumple's reason (which also reports an unknown name first).
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    if not isinstance(ll["input"], dict):  # sin esto, ** fallaría
        return fallo(ll["id"], "input debe ser un diccionario, no %s" % type(ll["input"]).__name__)
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
