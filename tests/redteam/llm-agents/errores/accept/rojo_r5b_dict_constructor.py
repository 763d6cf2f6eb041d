# style: observations built with dict(...) keyword construction and a named format constant.

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

FORMATO_ERROR = "%s: %s"  # tipo de la excepción y su mensaje


def ejecutar(ll, entorno):
    ident = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        return dict(type="tool_result", tool_use_id=ident, content=motivo, is_error=True)
    nombre, argumentos = ll["name"], ll["input"]
    accion = FUNCIONES[nombre]
    try:
        producido = accion(entorno, **argumentos)
    except Exception as excepcion:
        texto_error = FORMATO_ERROR % (type(excepcion).__name__, excepcion)
        return dict(type="tool_result", tool_use_id=ident, content=texto_error, is_error=True)
    return resultado(ident, producido)
