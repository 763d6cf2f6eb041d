# mistake: Wraps the old body (raise ValueError(motivo)) in one try, so a schema violation's content becomes 'ValueError: motivo' instead of the motive as is.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    try:
        motivo = incumple(ll)
        if motivo is not None:
            raise ValueError(motivo)
        valor = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
