# style: prints a trace line per call (only names and types, no state touched).
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        print("  esquema roto:", motivo)
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    print("  ejecutando", ll["name"])
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        mensaje = "%s: %s" % (type(e).__name__, e)
        print("  la herramienta lanzó", type(e).__name__)
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}
    print("  devolvió un", type(valor).__name__)
    return resultado(ll["id"], valor)
