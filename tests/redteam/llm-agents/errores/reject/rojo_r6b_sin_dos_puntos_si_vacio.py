# mistake: when the exception has an empty message the content is just the type name, e.g. a tool raising RuntimeError() gives 'RuntimeError' instead of 'RuntimeError: '.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,
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
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        mensaje = str(e)
        if mensaje:
            return fallo(ll["id"], "%s: %s" % (type(e).__name__, mensaje))
        return fallo(ll["id"], type(e).__name__)  # sin mensaje, sin ": " colgando
    return resultado(ll["id"], salida)
