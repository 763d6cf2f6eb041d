# right: comprehension style, the error block built with a dict comprehension over a tuple of keys
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

CLAVES_DE_ERROR = ("type", "tool_use_id", "content", "is_error")


def observacion_de_error(id, contenido):
    valores = ("tool_result", id, contenido, True)
    return {clave: valor for clave, valor in zip(CLAVES_DE_ERROR, valores)}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
