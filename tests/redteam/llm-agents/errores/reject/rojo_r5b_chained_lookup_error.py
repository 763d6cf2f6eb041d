# mistake: a missing FUNCIONES entry (a harness error) is re-raised as a chained RuntimeError instead of leaving ejecutar as the original KeyError.
# fails: generadas
# says: falla en el n.º 300

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    try:
        funcion = FUNCIONES[ll["name"]]
    except KeyError as e:  # error del harness: que se vea claro que no es del modelo
        raise RuntimeError("herramienta sin implementar en FUNCIONES: %r" % (ll["name"],)) from e
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], salida)
