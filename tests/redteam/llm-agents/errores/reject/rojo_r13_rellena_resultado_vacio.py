# mistake: replaces an empty-text result with a note "(sin resultados)" so the model "does not think the tool failed"; the statement says the observation is resultado(id, valor) with whatever the tool returned, an empty text included
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    if valor == "":
        valor = "(sin resultados)"  # un texto vacío no es un error, pero que se note
    return resultado(bloque["id"], valor)
