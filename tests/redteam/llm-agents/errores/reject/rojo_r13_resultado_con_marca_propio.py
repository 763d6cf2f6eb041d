# mistake: redefines the course's resultado with an extra "error" parameter and builds the error observations through it; when resultado is later redefined (as the statement says ejecutar must accept, using the new one by name) the error path calls it with three arguments and crashes instead of returning the four-key error observation
# fails: generadas
# says: lanzó TypeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def resultado(id, contenido, error=False):
    """La de entorno.py, con la marca is_error cuando hace falta."""
    bloque = {"type": "tool_result", "tool_use_id": id, "content": contenido}
    if error:
        bloque["is_error"] = True
    return bloque


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return resultado(bloque["id"], motivo, error=True)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return resultado(bloque["id"], "%s: %s" % (type(e).__name__, e), error=True)
    return resultado(bloque["id"], valor)
