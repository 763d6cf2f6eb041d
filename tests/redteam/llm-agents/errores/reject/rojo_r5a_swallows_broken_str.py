# mistake: If str(e) itself raises while building the message, it falls back to the type name instead of letting that harness error leave ejecutar.
# fails: generadas
# says: lo que falla fuera de la llamada
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
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        try:
            mensaje = "%s: %s" % (type(e).__name__, e)
        except Exception:  # hay excepciones que no se dejan imprimir
            mensaje = type(e).__name__
        return fallo(ll["id"], mensaje)
    return resultado(ll["id"], valor)
