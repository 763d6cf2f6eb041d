# Convierte la llamada misma en su observación, cambiando el bloque que ya está en M.
# fails: conversacion
# says: el bloque no se modifica,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is None:
        try:
            contenido, error = FUNCIONES[ll["name"]](entorno, **ll["input"]), False
        except Exception as e:
            contenido, error = "%s: %s" % (type(e).__name__, e), True
    else:
        contenido, error = motivo, True
    # Reutiliza el dict de la llamada: ya tiene el id.
    ll["type"] = "tool_result"
    ll["tool_use_id"] = ll.pop("id")
    del ll["name"], ll["input"]
    ll["content"] = contenido
    if error:
        ll["is_error"] = True
    return ll
