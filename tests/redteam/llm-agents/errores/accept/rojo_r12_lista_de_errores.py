# right: el except solo guarda la excepción en una lista; después, fuera del try, una lista no vacía decide la observación de error
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    herramienta = FUNCIONES[bloque["name"]]
    capturadas = []
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        capturadas.append(e)
    if capturadas:
        (e,) = capturadas
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
