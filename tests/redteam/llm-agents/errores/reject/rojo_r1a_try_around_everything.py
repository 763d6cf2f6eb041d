# mistake: Puts the whole body, incumple included, inside the try, so a failure of incumple becomes an observation.
# fails: generadas
# says: lo que falla fuera de la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    try:
        motivo = incumple(ll)
        if motivo is not None:
            return fallo(ll["id"], motivo)
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
