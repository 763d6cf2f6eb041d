# mistake: refactor that builds the observation once with resultado(id, None) and then fills in "content" (and "is_error"); with the course's resultado it looks the same, but the statement says a good call's observation is resultado(bloque["id"], valor) as resultado returns it, and an error one has exactly four keys
# fails: generadas
# says: no hace su llamada número 1 a
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    observacion = resultado(bloque["id"], None)  # la misma forma para todos los casos
    motivo = incumple(bloque)
    if motivo is not None:
        observacion["content"] = motivo
        observacion["is_error"] = True
        return observacion
    funcion = FUNCIONES[bloque["name"]]
    try:
        observacion["content"] = funcion(entorno, **bloque["input"])
    except Exception as e:
        observacion["content"] = "%s: %s" % (type(e).__name__, e)
        observacion["is_error"] = True
    return observacion
