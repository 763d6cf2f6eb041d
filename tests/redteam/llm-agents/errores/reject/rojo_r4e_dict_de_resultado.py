# mistake: `if motivo:` instead of `is not None`: an incumple that gives an empty motive ("") lets the tool run; the statement says any motive but None stops it.
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def _error(id, mensaje):
    return dict(resultado(id, mensaje), is_error=True)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return _error(ll["id"], motivo)
    f = FUNCIONES[ll["name"]]
    try:
        r = f(entorno, **ll["input"])
    except Exception as e:
        return _error(ll["id"], type(e).__name__ + ": " + str(e))
    return resultado(ll["id"], r)
