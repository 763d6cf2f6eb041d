# mistake: mimics the traceback by prefixing the module of the exception class when it is not builtins/__main__, so a class defined in another module gives 'red.ErrorRed: ...'.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

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
        tipo = type(e)
        nombre = tipo.__name__
        if tipo.__module__ not in ("builtins", "__main__"):
            nombre = tipo.__module__ + "." + nombre  # como lo escribe Python
        return fallo(ll["id"], "%s: %s" % (nombre, e))
    return resultado(ll["id"], valor)
