# mistake: unpacks ll with `_, id_, nombre, argumentos = ll.values()`, which depends on key order.
# fails: generadas
# says: lanzó KeyError
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    _, id_, nombre, argumentos = ll.values()
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
