# style: every observation starts from resultado(...), and the error ones are that dict merged with {'is_error': True} via the | operator.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return resultado(ll["id"], motivo) | {"is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return resultado(ll["id"], "%s: %s" % (type(e).__name__, e)) | {"is_error": True}
    return resultado(ll["id"], valor)
