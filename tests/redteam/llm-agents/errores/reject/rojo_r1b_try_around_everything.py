# mistake: wraps the whole body (incumple included) in one try, so a failure of the harness's own validation becomes an observation.
# fails: generadas
# says: lo que falla fuera de la
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    try:
        motivo = incumple(ll)
        if motivo is not None:
            return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
        valor = FUNCIONES[ll["name"]](entorno, **ll["input"])
        return resultado(ll["id"], valor)
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
