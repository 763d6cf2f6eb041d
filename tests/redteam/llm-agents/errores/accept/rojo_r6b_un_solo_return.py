# style: single exit point: variables contenido and es_error are set on each path and the block is assembled once at the end.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    es_error = False
    motivo = incumple(ll)
    if motivo is not None:
        contenido, es_error = motivo, True
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            contenido = funcion(entorno, **ll["input"])
        except Exception as e:
            contenido, es_error = "%s: %s" % (type(e).__name__, e), True
    observacion = resultado(ll["id"], contenido)
    if es_error:
        observacion["is_error"] = True
    return observacion
