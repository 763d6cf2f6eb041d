# mistake: Recuerda entre llamadas qué herramientas ya pasaron incumple y no vuelve a validarlas, así que tras un leer correcto, un leer(fichero=...) posterior llega a la herramienta y devuelve un TypeError en vez del motivo de incumple.
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


_VALIDADAS = set()  # herramientas que ya sabemos que se llaman bien


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    if ll["name"] not in _VALIDADAS:
        motivo = incumple(ll)
        if motivo is not None:
            return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
        _VALIDADAS.add(ll["name"])
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
