# mistake: checks that input is a dict before calling incumple, so a call with an unknown name and a non-dict input (name='borrar', input=3) gets 'borrar: los argumentos deben ser un objeto' instead of incumple's 'no hay ninguna herramienta llamada ...'.
# fails: generadas
# says: lanzó KeyError: 'input'
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    if not isinstance(ll["input"], dict):  # sin un dict no hay ** que valga
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: los argumentos deben ser un objeto" % ll["name"], "is_error": True}
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
