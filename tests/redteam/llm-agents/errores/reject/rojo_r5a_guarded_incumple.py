# mistake: incumple is wrapped in its own try, so an exception raised while checking the schema (a harness error) is turned into an error observation instead of leaving ejecutar.
# fails: generadas
# says: lo que falla fuera de la llamada
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    try:
        motivo = incumple(ll)
    except Exception as e:  # por si la llamada viene tan rota que ni se puede comprobar
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
