# mistake: si resultado() falla, en vez de dejar salir el error del harness fabrica la observación a mano "para que el modelo la reciba igual"; fabricar la observación es código del harness y su excepción debe salir
# fails: generadas
# says: lo que falla fuera de
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def observacion_de_error(bloque, contenido):
    return {"type": "tool_result", "tool_use_id": bloque["id"],
            "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque, motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(bloque, "%s: %s" % (type(e).__name__, e))
    try:
        return resultado(bloque["id"], valor)
    except Exception:
        # Plan B: la llamada ya se ha hecho, así que el modelo tiene que
        # recibir su observación aunque resultado() falle.
        return {"type": "tool_result", "tool_use_id": bloque["id"], "content": valor}
