# No comprueba el esquema: confía en que la función lance si los argumentos están mal.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as error:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(error).__name__, error), "is_error": True}
