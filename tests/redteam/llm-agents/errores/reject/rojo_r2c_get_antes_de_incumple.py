# mistake: looks the function up with FUNCIONES.get(ll['name']) before calling incumple, which raises TypeError for an unhashable name instead of returning incumple's motive.
# fails: generadas
# says: dentro del try va solo la
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    funcion = FUNCIONES.get(ll["name"])
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
