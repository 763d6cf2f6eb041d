# style: single exit point: builds the observation in a variable on each branch and returns it once.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        obs = {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    else:
        funcion = FUNCIONES[ll["name"]]
        error = None
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            error = e
        if error is None:
            obs = resultado(ll["id"], valor)
        else:
            obs = {"type": "tool_result", "tool_use_id": ll["id"],
                   "content": type(error).__name__ + ": " + str(error), "is_error": True}
    return obs
