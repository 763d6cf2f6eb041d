# mistake: guards str(e) with its own try, so a tool exception whose __str__ itself raises becomes a '<mensaje ilegible>' observation instead of that harness error leaving ejecutar.
# fails: generadas
# says: lo que falla fuera de la llamada
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
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        try:
            mensaje = str(e)
        except Exception:  # una excepción rara que ni siquiera se deja imprimir
            mensaje = "<mensaje ilegible>"
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, mensaje))
    return resultado(ll["id"], salida)
