exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    obs = resultado(id, mensaje)
    obs["is_error"] = True  # es un dict nuevo: se puede tocar
    return obs


def ejecutar(ll, entorno):
    if (motivo := incumple(ll)) is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "{}: {}".format(type(e).__name__, e))
    return resultado(ll["id"], valor)
