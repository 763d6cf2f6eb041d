# mistake: strips whitespace from string arguments in place, modifying the call's input.
# fails: generadas
# says: la herramienta recibe el entorno y los argumentos de bloque["input"] tal cual
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    argumentos = ll["input"]
    for clave, valor in argumentos.items():
        if isinstance(valor, str):
            argumentos[clave] = valor.strip()   # el modelo a veces deja espacios
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
