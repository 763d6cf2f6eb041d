exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    # Un solo return: el bloque se arma al final, con o sin is_error.
    error = incumple(ll)
    if error is None:
        herramienta = FUNCIONES[ll["name"]]
        try:
            contenido = herramienta(entorno, **ll["input"])
        except Exception as e:
            error = f"{type(e).__name__}: {e}"
    if error is None:
        return resultado(ll["id"], contenido)
    return {"is_error": True, "content": error, "tool_use_id": ll["id"], "type": "tool_result"}
