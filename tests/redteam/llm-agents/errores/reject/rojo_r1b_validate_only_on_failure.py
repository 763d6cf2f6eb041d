# mistake: 'optimises' by running the tool first and calling incumple only when it raises, so a call that breaks its schema still touches the environment.
# fails: conversacion
# says: si incumple(bloque) da un motivo, ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    funcion = FUNCIONES.get(ll["name"])
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        motivo = incumple(ll)    # sólo hace falta explicar cuando algo falla
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": motivo if motivo is not None else "%s: %s" % (type(e).__name__, e),
                "is_error": True}
    return resultado(ll["id"], valor)
