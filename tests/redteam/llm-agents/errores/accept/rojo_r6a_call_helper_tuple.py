# style: a small helper llama(funcion, entorno, argumentos) that returns (True, valor) or (False, excepción), and ejecutar turns that pair into the observation.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def llama(funcion, entorno, argumentos):
    """(True, lo que devuelve) o (False, la excepción que lanza)."""
    try:
        return True, funcion(entorno, **argumentos)
    except Exception as excepcion:
        return False, excepcion


def ejecutar(ll, entorno):
    id_ = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": id_, "content": motivo, "is_error": True}
    ok, valor = llama(FUNCIONES[ll["name"]], entorno, ll["input"])
    if ok:
        return resultado(id_, valor)
    return {"type": "tool_result", "tool_use_id": id_,
            "content": "%s: %s" % (type(valor).__name__, valor), "is_error": True}
