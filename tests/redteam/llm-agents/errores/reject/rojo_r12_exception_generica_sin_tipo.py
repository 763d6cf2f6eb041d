# mistake: si la herramienta lanza un Exception a secas quita el "Exception: " porque "no dice nada" y deja solo el mensaje; el content es siempre tipo y mensaje, "%s: %s" % (type(e).__name__, e)
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        if type(e) is Exception:
            texto = str(e)  # "Exception:" no añade nada: el mensaje basta
        else:
            texto = "%s: %s" % (type(e).__name__, e)
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": texto, "is_error": True}
    return resultado(bloque["id"], valor)
