# mistake: unpacks the call with `_, id, nombre, entrada = ll.values()`, which depends on the order of ll's keys.
# fails: generadas
# says: lanzó KeyError
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    _, id, nombre, entrada = ll.values()
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(id, motivo)
    funcion = FUNCIONES[nombre]
    try:
        valor = funcion(entorno, **entrada)
    except Exception as e:
        return fallo(id, "%s: %s" % (type(e).__name__, e))
    return resultado(id, valor)
