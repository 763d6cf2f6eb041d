# mistake: reads the call with ll.get(..., default), so a call without id yields an observation instead of the KeyError the contract lets out.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    id_ = ll.get("id", "")
    nombre = ll.get("name", "")
    argumentos = ll.get("input", {})
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": id_, "content": motivo, "is_error": True}
    funcion = FUNCIONES[nombre]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": id_,
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(id_, valor)
