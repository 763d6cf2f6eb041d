# mistake: Reintenta la herramienta una vez cuando lanza, 'por si era un fallo pasajero', así que una herramienta que falla la primera vez y luego funciona (o que cambia el entorno antes de lanzar) se ejecuta dos veces y no devuelve la observación de error.
# fails: conversacion
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    for intento in (1, 2):  # un segundo intento por si el fallo era pasajero
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            if intento == 2:
                return {"type": "tool_result", "tool_use_id": ll["id"],
                        "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
        else:
            return resultado(ll["id"], valor)
