# style: Single exit point: a mensaje variable (None meaning success) decides at the end which block to build, extending resultado with dict unpacking.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    mensaje = incumple(ll)
    if mensaje is None:
        funcion = FUNCIONES[ll["name"]]
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            mensaje = f"{type(e).__name__}: {e!s}"
    if mensaje is None:
        return resultado(ll["id"], valor)
    return {**resultado(ll["id"], mensaje), "is_error": True}
