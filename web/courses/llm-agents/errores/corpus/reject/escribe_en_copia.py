# Ejecuta sobre una copia del entorno, por si la herramienta falla a medias: escribir no cambia nada.
# fails: conversacion
# says: la herramienta trabaja sobre el entorno
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    copia = dict(entorno)  # si algo falla, el entorno queda como estaba
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](copia, **ll["input"]))
    except Exception as error:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(error).__name__, error), "is_error": True}
