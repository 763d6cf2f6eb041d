# mistake: Para ser más tolerante quita los espacios de los argumentos de texto escribiendo en ll['input'], así que modifica la llamada (que ya está en M) y una ruta con espacios ('lista.txt ') se lee en vez de dar KeyError.
# fails: generadas
# says: dentro del try va solo la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    argumentos = ll["input"]
    for nombre, valor in argumentos.items():  # los modelos a veces dejan espacios de más
        argumentos[nombre] = valor.strip()
    try:
        valor = FUNCIONES[ll["name"]](entorno, **argumentos)
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
