# mistake: Keeps a record of the observation inside the call (ll['observacion'] = obs), modifying ll, which is already in M.
# fails: conversacion
# says: el bloque no se modifica,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        obs = {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            obs = {"type": "tool_result", "tool_use_id": ll["id"],
                   "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
        else:
            obs = resultado(ll["id"], valor)
    ll["observacion"] = dict(obs)  # para depurar: cada llamada con su observación
    return obs
