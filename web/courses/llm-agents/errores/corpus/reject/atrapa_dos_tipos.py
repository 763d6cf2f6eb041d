# Atrapa las dos excepciones que conoce, KeyError y TypeError; la de un fichero sin texto (AttributeError) sigue atravesando el bucle.
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except (KeyError, TypeError) as error:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(error).__name__, error), "is_error": True}
