# style: a tiny class that groups the two kinds of error observation; ejecutar delegates to it.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

class Observaciones:
    @staticmethod
    def de_esquema(ll, motivo):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}

    @staticmethod
    def de_excepcion(ll, e):
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return Observaciones.de_esquema(ll, motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return Observaciones.de_excepcion(ll, e)
    return resultado(ll["id"], valor)
