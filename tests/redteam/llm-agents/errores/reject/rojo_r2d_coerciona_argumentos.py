# mistake: coerces non-string arguments to str before validating, so a call that breaks the schema is run anyway
# fails: generadas
# says: los argumentos de bloque["input"] tal cual
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    argumentos = ll["input"]
    if isinstance(argumentos, dict):
        argumentos = {k: v if isinstance(v, str) else str(v) for k, v in argumentos.items()}
    llamada = dict(ll, input=argumentos)
    motivo = incumple(llamada)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
