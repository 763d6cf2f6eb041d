# mistake: successful observations get an explicit "is_error": False, so e.g. leer(ruta='lista.txt') returns a dict with an extra key instead of exactly resultado(id, valor).
# fails: conversacion
# says: si la herramienta devuelve, la observación es
# fails: generadas
# says: si la herramienta devuelve, la observación es
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return {"type": "tool_result", "tool_use_id": ll["id"], "content": valor, "is_error": False}
