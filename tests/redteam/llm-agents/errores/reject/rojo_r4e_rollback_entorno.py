# mistake: Si la herramienta lanza, deshace los cambios que hizo en el entorno restaurando una copia previa, así que una herramienta que modifica el entorno y luego lanza deja el entorno como estaba y no como lo dejó ella.
# fails: generadas
# says: la herramienta trabaja sobre el entorno
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    antes = dict(entorno)  # por si hay que deshacer
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        entorno.clear()
        entorno.update(antes)  # una llamada que falla no deja nada a medias
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
