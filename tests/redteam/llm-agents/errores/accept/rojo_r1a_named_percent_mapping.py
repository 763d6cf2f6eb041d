# style: %-format with a mapping ('%(tipo)s: %(mensaje)s') and keyword-style fallo.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(id=ll["id"], mensaje=motivo)
    nombre, argumentos = ll["name"], ll["input"]
    funcion = FUNCIONES[nombre]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as exc:
        return fallo(id=ll["id"], mensaje="%(tipo)s: %(mensaje)s" % {"tipo": type(exc).__name__, "mensaje": exc})
    return resultado(ll["id"], valor)
