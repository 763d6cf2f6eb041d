# mistake: "mirar antes de saltar" para no provocar excepciones: si la llamada es a leer y la ruta no está en el entorno, fabrica él mismo el "KeyError: 'ruta'" sin ejecutar la herramienta; con el leer del curso da lo mismo, pero ejecutar debe ejecutar siempre FUNCIONES[name]
# fails: conversacion
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    argumentos = bloque["input"]
    # el fallo más común: leer una ruta que no existe; se ve sin lanzar nada
    if bloque["name"] == "leer" and argumentos["ruta"] not in entorno:
        return fallo(bloque["id"], "KeyError: %r" % argumentos["ruta"])
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
