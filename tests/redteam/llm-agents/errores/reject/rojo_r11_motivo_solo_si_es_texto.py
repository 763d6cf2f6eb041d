# mistake: como incumple "da el motivo en una frase", se comprueba isinstance(motivo, str) en lugar de "is not None"; un motivo que no es texto (False, 0, una lista) deja ejecutar la herramienta
# fails: generadas
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if isinstance(motivo, str):  # el motivo es una frase
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
