# mistake: when the tool's exception was chained (raise ... from ...), the observation reports the underlying __cause__ instead of the exception the tool actually raised.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        origen = e.__cause__ if e.__cause__ is not None else e  # el error de verdad, no el envoltorio
        return fallo(ll["id"], "%s: %s" % (type(origen).__name__, origen))
    return resultado(ll["id"], salida)
