# style: a single return at the end; the branches fill content and an error flag, and the block is assembled once with dict(...).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    error = True
    contenido = incumple(ll)
    if contenido is None:
        funcion = FUNCIONES[ll["name"]]
        try:
            contenido = funcion(entorno, **ll["input"])
            error = False
        except Exception as exc:
            contenido = type(exc).__name__ + ": " + str(exc)
    if error:
        return dict(resultado(ll["id"], contenido), is_error=True)
    return resultado(ll["id"], contenido)
