# style: try/except/else with an f-string for the error text.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    id_ = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": id_, "content": motivo, "is_error": True}
    herramienta = FUNCIONES[ll["name"]]
    try:
        salida = herramienta(entorno, **ll["input"])
    except Exception as exc:
        return {"type": "tool_result", "tool_use_id": id_,
                "content": f"{type(exc).__name__}: {exc}", "is_error": True}
    else:
        return resultado(id_, salida)
