# mistake: Atrapa sólo KeyError, ValueError y TypeError, 'las que pueden lanzar las herramientas', así que cualquier otra Exception de una herramienta (un OSError al escribir) sale de ejecutar en vez de volver como observación.
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


ERRORES_DE_HERRAMIENTA = (KeyError, ValueError, TypeError)


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except ERRORES_DE_HERRAMIENTA as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
