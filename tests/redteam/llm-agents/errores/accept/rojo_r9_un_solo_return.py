# right: una sola salida: cada rama deja su observación en una variable
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        observacion = {"type": "tool_result", "tool_use_id": bloque["id"],
                       "content": motivo, "is_error": True}
    else:
        funcion = FUNCIONES[bloque["name"]]
        error = None
        try:
            valor = funcion(entorno, **bloque["input"])
        except Exception as e:
            error = "%s: %s" % (type(e).__name__, e)
        if error is None:
            observacion = resultado(bloque["id"], valor)
        else:
            observacion = {"type": "tool_result", "tool_use_id": bloque["id"],
                           "content": error, "is_error": True}
    return observacion
