# mistake: dentro del try, después de la herramienta, suma len(valor) a un contador de lo que ocupa M: con un valor sin len (None, un número) la observación sale como error TypeError
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

# Lo que ocupan en M las observaciones que salen bien: cada turno las vuelve a leer.
CARACTERES_EN_M = {"total": 0}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
        CARACTERES_EN_M["total"] += len(valor)
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
