# mistake: if the tool returns a coroutine, the learner "helpfully" runs it with asyncio.run and reports what it returns (thinking of async tools); the statement says the observation carries whatever the tool returned, sea lo que sea, untouched
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
import asyncio
import inspect


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
        if inspect.iscoroutine(valor):  # herramientas async: hay que esperarlas
            valor = asyncio.run(valor)
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
