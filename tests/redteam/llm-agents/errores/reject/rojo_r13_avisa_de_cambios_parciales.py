# mistake: takes a snapshot of the entorno and, when the tool raises after changing it, appends a note to the error text so the model knows; the statement says the content is exactly "Tipo: mensaje" (changes stay, but nothing is added)
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    antes = dict(entorno)
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        texto_error = "%s: %s" % (type(e).__name__, e)
        if entorno != antes:
            # lo que cambió se queda: que el modelo lo sepa
            texto_error += " (el entorno ha cambiado antes del error)"
        return fallo(bloque["id"], texto_error)
    return resultado(bloque["id"], valor)
