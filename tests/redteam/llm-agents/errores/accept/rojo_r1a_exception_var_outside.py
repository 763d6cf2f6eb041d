# style: Stores the caught exception in a variable and decides after the try block (error is None or not).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    error = None
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        error = e
    if error is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "{}: {}".format(type(error).__name__, str(error)), "is_error": True}
    return resultado(ll["id"], valor)
