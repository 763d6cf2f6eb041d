# style: blocks built with dict(...) keyword syntax and the error text joined with str.join.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def _error(id, texto):
    return dict(type="tool_result", tool_use_id=id, content=texto, is_error=True)

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _error(ll["id"], motivo)
    nombre, argumentos = ll["name"], ll["input"]
    funcion = FUNCIONES[nombre]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return _error(ll["id"], ": ".join((type(e).__name__, str(e))))
    return resultado(ll["id"], valor)
