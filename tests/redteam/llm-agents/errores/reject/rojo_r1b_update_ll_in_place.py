# mistake: builds the observation by updating ll itself, so the call stored in M is modified.
# fails: conversacion
# says: el bloque no se modifica,
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        ll.update(type="tool_result", tool_use_id=ll["id"], content=motivo, is_error=True)
        for clave in ("id", "name", "input"):
            ll.pop(clave, None)
        return ll
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        ll.update(type="tool_result", tool_use_id=ll["id"],
                  content="%s: %s" % (type(e).__name__, e), is_error=True)
        for clave in ("id", "name", "input"):
            ll.pop(clave, None)
        return ll
    return resultado(ll["id"], valor)
