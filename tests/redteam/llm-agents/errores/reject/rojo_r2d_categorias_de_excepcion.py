# mistake: normalises exception names to a few known categories via isinstance, so subclasses get their base class name
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


_CATEGORIAS = (KeyError, ValueError, TypeError, OSError)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        nombre = next((c.__name__ for c in _CATEGORIAS if isinstance(e, c)), type(e).__name__)
        return fallo(ll["id"], "%s: %s" % (nombre, e))
    return resultado(ll["id"], valor)
