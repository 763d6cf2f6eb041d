# mistake: retries the tool once when it raises, so a tool with side effects runs twice
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno, intentos=2):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    for intento in range(intentos):
        try:
            valor = funcion(entorno, **ll["input"])
            break
        except Exception as e:
            if intento == intentos - 1:
                return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
