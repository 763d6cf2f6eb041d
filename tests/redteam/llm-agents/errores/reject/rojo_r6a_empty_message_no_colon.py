# mistake: when str(e) is empty it omits the ': ', so a tool raising ValueError() gives 'ValueError' instead of 'ValueError: '.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        mensaje = str(e)
        # sin los dos puntos colgando si la excepción no trae mensaje
        contenido = "%s: %s" % (type(e).__name__, mensaje) if mensaje else type(e).__name__
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": contenido, "is_error": True}
    return resultado(ll["id"], valor)
