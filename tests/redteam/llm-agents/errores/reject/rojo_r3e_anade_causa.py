# mistake: Appends the chained cause ('... (causa: X: y)') to the error content, which must be only type and message.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def _describe(e):
    return "%s: %s" % (type(e).__name__, e)

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        texto_error = _describe(e)
        if e.__cause__ is not None:
            texto_error += " (causa: %s)" % _describe(e.__cause__)
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": texto_error, "is_error": True}
    return resultado(ll["id"], valor)
