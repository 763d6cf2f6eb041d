# mistake: Puts the environment into ll["input"] and calls the tool with keywords only, which mutates the call's input (and breaks tools whose first parameter is not named entorno).
# fails: conversacion
# says: la herramienta trabaja sobre el entorno que
# fails: generadas
# says: la herramienta trabaja sobre el entorno que
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    argumentos = ll["input"]
    argumentos["entorno"] = entorno
    try:
        valor = funcion(**argumentos)
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
