# style: walrus operator, ': '.join for the message and a nested helper
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    def error(texto):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": texto, "is_error": True}

    if (motivo := incumple(ll)) is not None:
        return error(motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        return error(": ".join((type(e).__name__, str(e))))
    return resultado(ll["id"], salida)
