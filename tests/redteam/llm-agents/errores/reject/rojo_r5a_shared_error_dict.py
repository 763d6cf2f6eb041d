# mistake: Every error observation is the same module-level dict updated in place, so it is not a new dict and each new failure rewrites the earlier error observations already in M.
# fails: conversacion
# says: cada observación es un dict nuevo: lo
# fails: generadas
# says: cada observación es un dict nuevo: lo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


ERROR = {"type": "tool_result", "is_error": True}


def fallo(id, mensaje):
    obs = ERROR
    obs["tool_use_id"] = id
    obs["content"] = mensaje
    return obs


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
