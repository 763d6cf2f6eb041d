# style: try/except/else with a single observation variable and one return at the end.

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    id_llamada = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        observacion = resultado(id_llamada, motivo)
        observacion["is_error"] = True
    else:
        herramienta = FUNCIONES[ll["name"]]
        try:
            devuelto = herramienta(entorno, **ll["input"])
        except Exception as error:
            observacion = resultado(id_llamada, "%s: %s" % (type(error).__name__, error))
            observacion["is_error"] = True
        else:
            observacion = resultado(id_llamada, devuelto)
    return observacion
