# style: records the caught exception in a variable and decides after the try block.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is None:
        funcion = FUNCIONES[ll["name"]]
        problema = None
        try:
            valor = funcion(entorno, **ll["input"])
        except Exception as e:
            problema = e
        if problema is None:
            return resultado(ll["id"], valor)
        motivo = "%s: %s" % (type(problema).__name__, problema)
    return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
