exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    m = incumple(ll)
    if m is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": m, "is_error": True}
    f = FUNCIONES[ll["name"]]
    try:
        v = f(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], v)
