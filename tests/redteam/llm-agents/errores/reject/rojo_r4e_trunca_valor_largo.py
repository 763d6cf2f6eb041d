# mistake: Recorta a 1000 caracteres lo que devuelve la herramienta para ahorrar contexto, así que leer un fichero largo da una observación con el contenido cortado en vez de resultado(id, lo que devolvió).
# fails: generadas
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


MAXIMO = 1000  # caracteres de una observación


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    if isinstance(valor, str) and len(valor) > MAXIMO:
        valor = valor[:MAXIMO] + "…"
    return resultado(ll["id"], valor)
