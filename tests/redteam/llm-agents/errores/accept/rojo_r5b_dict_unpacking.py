# style: error blocks built by merging resultado(...) with {'is_error': True} via dict unpacking.

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def _con_error(bloque):
    return {**bloque, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return _con_error(resultado(ll["id"], motivo))
    f = FUNCIONES[ll["name"]]
    try:
        r = f(entorno, **ll["input"])
    except Exception as exc:
        return _con_error(resultado(ll["id"], "{}: {}".format(type(exc).__name__, str(exc))))
    return resultado(ll["id"], r)
