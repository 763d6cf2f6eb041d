# mistake: Takes the id with ll.pop('id'), removing it from the call that is already in M.
# fails: conversacion
# says: el bloque no se modifica,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    id_llamada = ll.pop("id")
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": id_llamada, "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": id_llamada,
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(id_llamada, valor)
