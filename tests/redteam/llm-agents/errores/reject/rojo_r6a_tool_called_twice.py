# mistake: calls the tool once inside the try just to see whether it raises and then again for the result, so a tool with side effects (e.g. one that appends to a file or counts calls) runs twice.
# fails: conversacion
# says: si la herramienta devuelve, la observación es
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        funcion(entorno, **ll["input"])  # primero, ver si lanza
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], funcion(entorno, **ll["input"]))
