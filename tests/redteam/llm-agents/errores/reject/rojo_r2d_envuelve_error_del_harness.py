# mistake: re-raises harness failures wrapped in a RuntimeError('error del harness'), changing the exception that leaves ejecutar
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    try:
        motivo = incumple(ll)
        funcion = None if motivo is not None else FUNCIONES[ll["name"]]
    except Exception as e:
        raise RuntimeError("error del harness: %s" % e) from e
    if motivo is not None:
        return fallo(ll["id"], motivo)
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
