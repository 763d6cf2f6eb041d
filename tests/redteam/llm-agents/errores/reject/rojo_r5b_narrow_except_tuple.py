# mistake: only KeyError, TypeError, ValueError and OSError are turned into error observations; any other Exception raised by the tool (RuntimeError, ZeroDivisionError, AttributeError...) escapes ejecutar.
# fails: generadas
# says: falla en el n.º 61

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

ERRORES_DE_HERRAMIENTA = (KeyError, TypeError, ValueError, OSError)  # lo que suele fallar en una herramienta


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except ERRORES_DE_HERRAMIENTA as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], salida)
