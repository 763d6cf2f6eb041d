# style: try/except/else with no helper; the error dict is written inline and the success goes in the else clause.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    herramienta = FUNCIONES[ll["name"]]
    try:
        devuelto = herramienta(entorno, **ll["input"])
    except Exception as error:
        mensaje = type(error).__name__ + ": " + str(error)
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}
    else:
        return resultado(ll["id"], devuelto)
