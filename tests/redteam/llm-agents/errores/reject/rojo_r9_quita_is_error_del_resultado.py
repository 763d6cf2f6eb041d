# mistake: retoca lo que devuelve `resultado` quitándole la clave is_error "para que una llamada correcta nunca la lleve", en vez de devolver `resultado(...)` tal cual
# fails: generadas
# says: is_error
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    observacion = resultado(bloque["id"], valor)
    observacion.pop("is_error", None)  # una llamada que sale bien no lleva is_error
    return observacion
