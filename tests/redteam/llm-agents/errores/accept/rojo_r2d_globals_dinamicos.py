# style: looks FUNCIONES, incumple and resultado up through globals() and builds the block from a key tuple
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


_CLAVES = ("type", "tool_use_id", "content", "is_error")


def ejecutar(ll, entorno):
    g = globals()
    motivo = g["incumple"](ll)
    if motivo is not None:
        return dict(zip(_CLAVES, ("tool_result", ll["id"], motivo, True)))
    funcion = g["FUNCIONES"][ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return dict(zip(_CLAVES, ("tool_result", ll["id"], "%s: %s" % (type(e).__name__, e), True)))
    return g["resultado"](ll["id"], valor)
