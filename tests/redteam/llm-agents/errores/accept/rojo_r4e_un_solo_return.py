exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    error = None
    if motivo is not None:
        error = motivo
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            error = "%s: %s" % (e.__class__.__name__, e)
    if error is not None:
        observacion = {"type": "tool_result", "tool_use_id": ll["id"], "content": error, "is_error": True}
    else:
        observacion = resultado(ll["id"], valor)
    return observacion
