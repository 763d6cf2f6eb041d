# mistake: snapshots the environment and, when a tool fails after changing files, appends a warning to the error text ("nada se deshace", so the model should know), while the statement says content is exactly "Tipo: mensaje" and the changes simply stay
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    antes = dict(entorno)
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        contenido = "%s: %s" % (type(e).__name__, e)
        if entorno != antes:
            # Nada se deshace: que el modelo sepa que los ficheros ya han cambiado.
            contenido += " (la herramienta cambió ficheros antes de fallar)"
        return fallo(bloque["id"], contenido)
    return resultado(bloque["id"], valor)
