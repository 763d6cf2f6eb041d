# style: a sentinel object marks failure; the except block only stores the exception.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

_NADA = object()

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    problema = _NADA
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        problema = e
    if problema is _NADA:
        return resultado(ll["id"], valor)
    return {"type": "tool_result", "tool_use_id": ll["id"],
            "content": "%s: %s" % (problema.__class__.__name__, problema), "is_error": True}
