# mistake: the schema reason goes through the same formatting as exceptions, so leer(fichero='tortilla') gives "ValueError: leer: falta el argumento 'ruta'" instead of the reason as is.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar devuelve
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, error):  # un solo formato para todos los errores
    return {"type": "tool_result", "tool_use_id": id,
            "content": "%s: %s" % (type(error).__name__, error), "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], ValueError(motivo))
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], e)
    return resultado(ll["id"], salida)
