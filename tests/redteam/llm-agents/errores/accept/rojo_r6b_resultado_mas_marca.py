# style: the error block is resultado(...) merged with the is_error mark via dict unpacking, as the lesson describes it.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):  # el bloque que fabrica resultado, más la marca
    return {**resultado(id, mensaje), "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    herramienta = FUNCIONES[ll["name"]]
    try:
        devuelto = herramienta(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], type(e).__name__ + ": " + str(e))
    return resultado(ll["id"], devuelto)
