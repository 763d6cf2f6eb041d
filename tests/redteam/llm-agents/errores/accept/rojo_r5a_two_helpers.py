# style: Small decomposed helpers: one that runs the tool and returns either its value or the error text, and ejecutar that only routes.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def _marca_error(bloque):
    return dict(bloque, is_error=True)


def _texto_de(excepcion):
    return "%s: %s" % (type(excepcion).__name__, excepcion)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _marca_error(resultado(ll["id"], motivo))
    funcion = FUNCIONES[ll["name"]]
    argumentos = ll["input"]
    try:
        salida = funcion(entorno, **argumentos)
    except Exception as excepcion:
        return _marca_error(resultado(ll["id"], _texto_de(excepcion)))
    return resultado(ll["id"], salida)
