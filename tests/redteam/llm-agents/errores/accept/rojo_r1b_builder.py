# style: one builder for both kinds of error, with the class name taken via e.__class__.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def _error(ll, contenido):
    bloque = {}
    bloque["type"] = "tool_result"
    bloque["tool_use_id"] = ll["id"]
    bloque["content"] = contenido
    bloque["is_error"] = True
    return bloque


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _error(ll, motivo)
    nombre = ll["name"]
    argumentos = ll["input"]
    funcion = FUNCIONES[nombre]
    try:
        respuesta = funcion(entorno, **argumentos)
    except Exception as e:
        return _error(ll, "%s: %s" % (e.__class__.__name__, e))
    return resultado(ll["id"], respuesta)
