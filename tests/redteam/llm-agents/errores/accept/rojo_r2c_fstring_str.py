# style: f-string with explicit !s conversion and a single exit point.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def _error(id_llamada, texto):
    return {"type": "tool_result", "tool_use_id": id_llamada, "content": texto, "is_error": True}

def ejecutar(ll, entorno):
    id_llamada = ll["id"]
    motivo = incumple(ll)
    if motivo is None:
        f = FUNCIONES[ll["name"]]
        try:
            salida = f(entorno, **ll["input"])
        except Exception as exc:
            observacion = _error(id_llamada, f"{type(exc).__name__}: {exc!s}")
        else:
            observacion = resultado(id_llamada, salida)
    else:
        observacion = _error(id_llamada, motivo)
    return observacion
