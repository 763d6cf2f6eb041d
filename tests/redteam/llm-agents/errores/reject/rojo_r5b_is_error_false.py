# mistake: successful observations get an explicit "is_error": False field, although they must be exactly resultado(...) without is_error.
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
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    obs = resultado(ll["id"], salida)
    obs["is_error"] = False  # explícito: todas las observaciones con la misma forma
    return obs
