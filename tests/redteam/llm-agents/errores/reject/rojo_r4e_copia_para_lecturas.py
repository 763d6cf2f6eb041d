# mistake: Ejecuta las herramientas que sólo leen sobre una copia dict(entorno), 'por seguridad', así que la herramienta no recibe el entorno que llegó a ejecutar y con un entorno que no es un dict corriente (uno cuyo acceso lanza) el resultado cambia.
# fails: conversacion
# says: la herramienta trabaja sobre el entorno
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


SOLO_LEEN = {"listar", "leer", "buscar"}


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    donde = dict(entorno) if ll["name"] in SOLO_LEEN else entorno  # leer no debe tocar nada
    try:
        valor = funcion(donde, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
