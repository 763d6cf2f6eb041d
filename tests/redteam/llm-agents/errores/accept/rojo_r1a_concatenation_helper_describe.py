# style: A describe(e) helper that concatenates the type name, ': ' and str(e).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def describe(e):
    return type(e).__name__ + ": " + str(e)

def error(ll, texto):
    return {"type": "tool_result", "tool_use_id": ll["id"], "content": texto, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll, motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        devuelto = funcion(entorno, **ll["input"])
    except Exception as e:
        return error(ll, describe(e))
    return resultado(ll["id"], devuelto)
