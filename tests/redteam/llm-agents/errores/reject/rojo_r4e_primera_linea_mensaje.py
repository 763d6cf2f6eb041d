# mistake: Se queda sólo con la primera línea del mensaje (str(e).splitlines()[0]), así que un mensaje de varias líneas se corta y una excepción sin mensaje hace saltar un IndexError fuera de ejecutar.
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        primera = str(e).splitlines()[0]  # una sola línea, como en el traceback
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, primera), "is_error": True}
    return resultado(ll["id"], valor)
