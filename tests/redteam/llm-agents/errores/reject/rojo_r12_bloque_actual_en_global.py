# mistake: para no pasar el bloque a su función de error lo guarda en una variable global; si la herramienta usa ejecutar por dentro (una herramienta que lanza otras llamadas) la global queda apuntando a la llamada interna y la observación de error sale con el tool_use_id equivocado
# fails: generadas
# says: la observación contesta a la llamada
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

_llamada_en_curso = None  # la llamada que se está ejecutando


def _error(contenido):
    return {"type": "tool_result", "tool_use_id": _llamada_en_curso["id"],
            "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    global _llamada_en_curso
    _llamada_en_curso = bloque
    motivo = incumple(bloque)
    if motivo is not None:
        return _error(motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return _error("%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
