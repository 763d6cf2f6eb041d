# mistake: retries the tool once when it raises (for services that do not answer), so the tool runs twice and a transient failure is hidden.
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    for intento in range(2):
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            error = "%s: %s" % (type(e).__name__, e)
        else:
            return resultado(ll["id"], valor)
    return fallo(ll["id"], error)
