# right: la observación de error con dict(zip(claves, valores)) sobre una tupla de claves constante
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

CLAVES_DE_ERROR = ("type", "tool_use_id", "content", "is_error")


def observacion_de_error(id, texto):
    return dict(zip(CLAVES_DE_ERROR, ("tool_result", id, texto, True)))


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque["id"], motivo)
    f = FUNCIONES[bloque["name"]]
    try:
        valor = f(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
