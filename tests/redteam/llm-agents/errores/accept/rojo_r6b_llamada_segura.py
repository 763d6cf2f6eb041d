# style: a small helper that performs only the tool call and reports (ok, value), so ejecutar itself has no try.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def _llamar(funcion, entorno, argumentos):
    """Sólo la llamada a la herramienta: (True, lo que devuelve) o (False, la excepción)."""
    try:
        return True, funcion(entorno, **argumentos)
    except Exception as e:
        return False, e

def ejecutar(ll, entorno):
    id_ = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": id_, "content": motivo, "is_error": True}
    ok, valor = _llamar(FUNCIONES[ll["name"]], entorno, ll["input"])
    if ok:
        return resultado(id_, valor)
    mensaje = "%s: %s" % (type(valor).__name__, valor)
    return {"type": "tool_result", "tool_use_id": id_, "content": mensaje, "is_error": True}
