# mistake: treats a falsy return value as an error, so buscar(texto='paella') returning '' (or a tool returning None or 0) comes back with is_error instead of resultado(id, '').
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
    if not valor:  # la herramienta no ha encontrado nada
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s no ha devuelto nada" % ll["name"], "is_error": True}
    return resultado(ll["id"], valor)
