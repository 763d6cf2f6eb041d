exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # 1. schema check: the harness knows why, the tool is never run
    reason = incumple(ll)
    if reason is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": reason, "is_error": True}
    # 2. looking the tool up is harness code: outside the try
    tool = FUNCIONES[ll["name"]]
    args = ll["input"]
    # 3. only the tool call itself is guarded
    try:
        value = tool(entorno, **args)
    except Exception as exc:  # not BaseException: Ctrl-C must still stop us
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(exc).__name__, exc), "is_error": True}
    return resultado(ll["id"], value)
