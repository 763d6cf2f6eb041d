# mistake: si la herramienta lanza un ExceptionGroup con una sola excepción dentro, informa de la de dentro en lugar del tipo y el mensaje de la que se lanzó
# fails: generadas
# says: si la herramienta lanza una Exception
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        error = e
        # un grupo de una sola excepción (asyncio.TaskGroup...) esconde la que importa
        while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
            error = error.exceptions[0]
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(error).__name__, error), "is_error": True}
    return resultado(bloque["id"], valor)
