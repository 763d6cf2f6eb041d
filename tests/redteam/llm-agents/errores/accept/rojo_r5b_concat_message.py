# style: guard-clause layout with the error text built by string concatenation and a nested local builder.

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    def error(mensaje):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}

    motivo = incumple(ll)
    if motivo is not None:
        return error(motivo)

    funcion = FUNCIONES[ll["name"]]
    try:
        respuesta = funcion(entorno, **ll["input"])
    except Exception as e:
        return error(type(e).__name__ + ": " + str(e))
    return resultado(ll["id"], respuesta)
