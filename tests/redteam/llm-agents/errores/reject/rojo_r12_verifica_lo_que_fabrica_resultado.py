# mistake: añade una comprobación defensiva de que resultado() fabrica un dict con el id de la llamada y, si no, lanza; la observación de éxito es lo que devuelva resultado(bloque["id"], valor), tal como lo devuelve
# fails: generadas
# says: lanzó RuntimeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def error_de_llamada(bloque, contenido):
    return {"type": "tool_result", "tool_use_id": bloque["id"],
            "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return error_de_llamada(bloque, motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return error_de_llamada(bloque, "%s: %s" % (type(e).__name__, e))
    observacion = resultado(bloque["id"], valor)
    # Por si acaso: la observación tiene que contestar a esta llamada.
    if not isinstance(observacion, dict) or observacion.get("tool_use_id") != bloque["id"]:
        raise RuntimeError("resultado() no ha fabricado la observación de %s" % bloque["id"])
    return observacion
