# mistake: cambia un resultado vacío por "(sin resultados)" para que el modelo no crea que la llamada no hizo nada; el enunciado dice que el texto vacío es el resultado y va tal cual en resultado(id, valor)
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

SIN_RESULTADOS = "(sin resultados)"


def fallo(id_llamada, texto):
    return {"type": "tool_result", "tool_use_id": id_llamada,
            "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    if valor == "":
        valor = SIN_RESULTADOS  # no es un error, pero que se vea que no hubo nada
    return resultado(bloque["id"], valor)
