# style: a helper that runs the tool and returns an (ok, value) pair, Result-style
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def _intenta(funcion, entorno, argumentos):
    try:
        return True, funcion(entorno, **argumentos)
    except Exception as e:
        return False, "%s: %s" % (type(e).__name__, e)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        ok, valor = False, motivo
    else:
        ok, valor = _intenta(FUNCIONES[ll["name"]], entorno, ll["input"])
    if ok:
        return resultado(ll["id"], valor)
    return {"type": "tool_result", "tool_use_id": ll["id"], "content": valor, "is_error": True}
