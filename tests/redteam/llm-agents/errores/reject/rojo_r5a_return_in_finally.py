# mistake: The observation is returned from a finally block, so a KeyboardInterrupt/SystemExit from the tool is replaced by an UnboundLocalError instead of leaving ejecutar as is.
# fails: generadas
# says: falla en el n.º 97
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        observacion = resultado(ll["id"], funcion(entorno, **ll["input"]))
    except Exception as e:
        observacion = fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    finally:
        return observacion
