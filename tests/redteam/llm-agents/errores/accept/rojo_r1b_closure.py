# style: helper closures defined inside ejecutar.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    def marca(mensaje):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}

    def describe(exc):
        return "%s: %s" % (type(exc).__name__, exc)

    motivo = incumple(ll)
    if motivo is not None:
        return marca(motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as exc:
        return marca(describe(exc))
    return resultado(ll["id"], valor)
