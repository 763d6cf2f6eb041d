exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    herramienta = FUNCIONES[ll["name"]]
    try:
        salida = herramienta(entorno, **ll["input"])
    except Exception as error:
        texto_error = "%s: %s" % (type(error).__name__, error)
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": texto_error, "is_error": True}
    else:
        return resultado(ll["id"], salida)
