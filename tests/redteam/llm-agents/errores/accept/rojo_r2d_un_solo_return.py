# style: single exit point: the observation is built in one variable and returned at the end
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    observacion = None
    motivo = incumple(ll)
    if motivo is None:
        funcion = FUNCIONES[ll["name"]]
        error = None
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            error = e
        if error is None:
            observacion = resultado(ll["id"], valor)
        else:
            observacion = {"type": "tool_result", "tool_use_id": ll["id"],
                           "content": "{}: {}".format(type(error).__name__, error),
                           "is_error": True}
    else:
        observacion = {"type": "tool_result", "tool_use_id": ll["id"],
                       "content": motivo, "is_error": True}
    return observacion
