# mistake: lets StopIteration/StopAsyncIteration escape like KeyboardInterrupt ("they are requests to stop, not errors", a misreading of the BaseException paragraph), while the statement says any Exception the tool raises, whichever, becomes an error observation
# fails: generadas
# says: lanzó StopIteration
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
    try:
        valor = funcion(entorno, **bloque["input"])
    except (StopIteration, StopAsyncIteration):
        # Como Ctrl+C o sys.exit(): no es un error, es una señal de parar.
        raise
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
