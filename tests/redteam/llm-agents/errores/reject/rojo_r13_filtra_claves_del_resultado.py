# mistake: misreads «exactamente cuatro claves, y ninguna más» as a rule for every observation and trims what resultado returns to type/tool_use_id/content; the statement says a good call's observation is resultado(...) tal como la devuelve, with nothing taken away
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

CLAVES = ("type", "tool_use_id", "content")


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    observacion = resultado(bloque["id"], valor)
    return {clave: observacion[clave] for clave in CLAVES}  # ni una clave de más
