# mistake: adds a global quota of 50 tool executions ("the loop's tope doesn't limit calls per turn") and answers every later correct call with an error observation instead of running it, while the statement says a correct call runs its tool and gives resultado(id, valor)
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

MAXIMO_DE_LLAMADAS = 50
llamadas_hechas = 0


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    global llamadas_hechas
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    # El tope cuenta turnos, no llamadas: un modelo puede pedir muchas en uno.
    if llamadas_hechas >= MAXIMO_DE_LLAMADAS:
        return fallo(bloque["id"], "se ha agotado el cupo de %d llamadas" % MAXIMO_DE_LLAMADAS)
    llamadas_hechas += 1
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
