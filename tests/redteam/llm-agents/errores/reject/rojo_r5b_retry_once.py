# mistake: a tool that raises is called a second time before reporting the error, so side effects repeat and a flaky tool's second result replaces the error.
# fails: conversacion
# says: si la herramienta devuelve, la observación es
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar devuelve

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

INTENTOS = 2  # un servicio que no contesta a veces contesta a la segunda


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    for intento in range(INTENTOS):
        try:
            salida = funcion(entorno, **ll["input"])
        except Exception as e:
            if intento == INTENTOS - 1:
                return {"type": "tool_result", "tool_use_id": ll["id"],
                        "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
        else:
            return resultado(ll["id"], salida)
