# mistake: Protege con su propio try el str(e) del mensaje y, si falla, usa repr, así que una excepción cuyo __str__ lanza acaba en observación aunque fabricar la observación es código del harness y ese fallo debería salir de ejecutar.
# fails: generadas
# says: lo que falla fuera de la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def _mensaje(e):
    try:
        return str(e)
    except Exception:
        return repr(e)  # hay excepciones que ni se dejan imprimir


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, _mensaje(e)), "is_error": True}
    return resultado(ll["id"], valor)
