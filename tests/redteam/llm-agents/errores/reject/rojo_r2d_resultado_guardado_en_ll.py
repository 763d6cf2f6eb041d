# mistake: attaches the observation to the call (ll['resultado'] = obs) for later debugging
# fails: conversacion
# says: el bloque no se modifica,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        obs = fallo(ll["id"], motivo)
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            obs = fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
        else:
            obs = resultado(ll["id"], valor)
    ll["resultado"] = obs
    return obs
