# right: loop style, a one-pass for loop left with break on either error and with return on success
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(bloque, entorno):
    for _ in range(1):
        motivo = incumple(bloque)
        if motivo is not None:
            contenido = motivo
            break
        herramienta = FUNCIONES[bloque["name"]]
        try:
            valor = herramienta(entorno, **bloque["input"])
        except Exception as e:
            contenido = "%s: %s" % (type(e).__name__, e)
            break
        return resultado(bloque["id"], valor)
    return {"type": "tool_result", "tool_use_id": bloque["id"],
            "content": contenido, "is_error": True}
