# mistake: returns from a finally block, so a KeyboardInterrupt raised by the tool is replaced by an UnboundLocalError instead of leaving ejecutar as it was.
# fails: generadas
# says: falla en el n.º 97
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        observacion = {"type": "tool_result", "tool_use_id": ll["id"],
                       "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    else:
        observacion = resultado(ll["id"], valor)
    finally:
        return observacion  # un único punto de salida
