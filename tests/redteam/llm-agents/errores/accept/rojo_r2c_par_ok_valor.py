# style: a helper that runs only the call and returns an (ok, value-or-exception) pair.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def _intenta(funcion, entorno, argumentos):
    """Sólo la llamada a la herramienta va dentro del try."""
    try:
        return True, funcion(entorno, **argumentos)
    except Exception as e:
        return False, e

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    ok, valor = _intenta(funcion, entorno, ll["input"])
    if not ok:
        return fallo(ll["id"], "%s: %s" % (type(valor).__name__, valor))
    return resultado(ll["id"], valor)
