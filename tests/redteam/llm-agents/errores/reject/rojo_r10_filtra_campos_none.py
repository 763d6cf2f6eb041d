# mistake: "cleans" every observation by dropping keys whose value is None (the API does not like nulls), so a tool that returns None loses its content key, while the statement says the observation is resultado(id, valor) as returned, None included, with nothing removed
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def sin_nulos(observacion):
    # La API no quiere campos a null: fuera los que valgan None.
    return {clave: valor for clave, valor in observacion.items() if valor is not None}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return sin_nulos({"type": "tool_result", "tool_use_id": bloque["id"],
                          "content": motivo, "is_error": True})
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return sin_nulos({"type": "tool_result", "tool_use_id": bloque["id"],
                          "content": "%s: %s" % (type(e).__name__, e), "is_error": True})
    return sin_nulos(resultado(bloque["id"], valor))
