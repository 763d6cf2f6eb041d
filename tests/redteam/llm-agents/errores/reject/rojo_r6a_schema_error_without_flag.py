# mistake: a call that breaks its schema is answered with resultado(id, motivo), without is_error, so leer(fichero='tortilla') comes back looking like a successful result.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar devuelve
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return resultado(ll["id"], motivo)  # el motivo vuelve al modelo
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
