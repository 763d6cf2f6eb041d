exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    identificador = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        return {**resultado(identificador, motivo), "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        devuelto = funcion(entorno, **ll["input"])
    except Exception as e:
        return {**resultado(identificador, f"{type(e).__name__}: {e}"), "is_error": True}
    return resultado(identificador, devuelto)
