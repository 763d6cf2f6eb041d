# mistake: Puts the FUNCIONES lookup inside the try, so a harness KeyError (tool in HERRAMIENTAS but missing from FUNCIONES) becomes an observation.
# fails: generadas
# says: dentro del try va solo la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    try:
        funcion = FUNCIONES[ll["name"]]
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
