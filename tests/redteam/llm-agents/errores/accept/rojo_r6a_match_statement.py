# style: structural pattern matching on incumple's answer, with the error block built by a nested function.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    def error(mensaje):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}

    match incumple(ll):
        case None:
            pass
        case motivo:
            return error(motivo)

    herramienta = FUNCIONES[ll["name"]]
    try:
        salida = herramienta(entorno, **ll["input"])
    except Exception as e:
        return error("%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], salida)
