# mistake: re-raises when the failing tool is escribir ("a half-done write leaves the environment inconsistent: that is the program's problem, not the model's"), while the statement says any Exception from the tool becomes an error observation and its changes just stay
# fails: generadas
# says: lanzó TypeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

HERRAMIENTAS_QUE_ESCRIBEN = {"escribir"}


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        if bloque["name"] in HERRAMIENTAS_QUE_ESCRIBEN:
            # Una escritura a medias deja el entorno inconsistente: eso ya es
            # un problema del programa, no algo que el modelo pueda arreglar.
            raise
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
