# mistake: retries the tool once when it raises, running a side-effecting tool twice.
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    for intento in range(2):          # un segundo intento por si era algo pasajero
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            error = e
        else:
            return resultado(ll["id"], valor)
    return {"type": "tool_result", "tool_use_id": ll["id"],
            "content": "%s: %s" % (type(error).__name__, error), "is_error": True}
