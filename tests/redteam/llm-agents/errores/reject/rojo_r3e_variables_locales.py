# mistake: unpacks the call into locals (id, name, input) before asking incumple: a block without name (only type and id always come) raises KeyError instead of getting incumple's reason.
# fails: generadas
# says: lanzó KeyError: 'name'
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    ident, nombre, argumentos = ll["id"], ll["name"], ll["input"]
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ident, "content": motivo, "is_error": True}
    funcion = FUNCIONES[nombre]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        nombre_error = type(e).__name__
        return {"tool_use_id": ident, "type": "tool_result",
                "is_error": True, "content": "%s: %s" % (nombre_error, e)}
    return resultado(ident, valor)
