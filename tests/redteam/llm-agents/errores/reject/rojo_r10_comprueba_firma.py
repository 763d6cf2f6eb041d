# mistake: checks the arguments against inspect.signature(...).bind(...) before calling, to tell a bad-call TypeError from one inside the tool, and reports bind's message, which differs from the TypeError the tool call itself raises (the statement wants type(e).__name__ and str(e) of what the tool execution raised)
# fails: generadas
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import inspect


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    # Antes de llamar compruebo que los argumentos encajan con la firma: así un
    # TypeError de la llamada no se confunde con uno de dentro de la herramienta.
    try:
        inspect.signature(funcion).bind(entorno, **bloque["input"])
    except TypeError as e:
        return fallo(bloque["id"], "TypeError: %s" % e)
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
