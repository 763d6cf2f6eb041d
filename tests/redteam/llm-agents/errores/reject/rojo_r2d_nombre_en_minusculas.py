# mistake: normalises the tool name with .lower() before validating, so 'Leer' is accepted and run
# fails: generadas
# says: la función de la herramienta es FUNCIONES[bloque["name"]], con el nombre tal cual
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    llamada = dict(ll, name=ll["name"].lower() if isinstance(ll["name"], str) else ll["name"])
    motivo = incumple(llamada)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[llamada["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
