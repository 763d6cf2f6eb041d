# style: a small class with static methods that build the two kinds of observation.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

class Observacion:
    @staticmethod
    def error(id, mensaje):
        return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

    @staticmethod
    def de_excepcion(id, e):
        return Observacion.error(id, "%s: %s" % (type(e).__name__, e))


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return Observacion.error(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return Observacion.de_excepcion(ll["id"], e)
    return resultado(ll["id"], valor)
