# mistake: Sustituye un input vacío o ausente por {} antes de validar ('input or {}'), así que con input None el motivo sale como 'falta el argumento' en vez de 'los argumentos deben ser un objeto'.
# fails: generadas
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    llamada_ = dict(ll, input=ll.get("input") or {})  # sin argumentos = argumentos vacíos
    motivo = incumple(llamada_)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[llamada_["name"]]
    try:
        valor = funcion(entorno, **llamada_["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
