# mistake: Prettier message: when the exception has an empty message it sends only the type name, without the ': '.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        nombre, mensaje = type(e).__name__, str(e)
        texto_error = "%s: %s" % (nombre, mensaje) if mensaje else nombre
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": texto_error, "is_error": True}
    return resultado(ll["id"], valor)
