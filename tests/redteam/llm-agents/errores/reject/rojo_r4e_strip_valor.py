# mistake: Quita con strip() los espacios y saltos de línea de los bordes de lo que devuelve la herramienta, así que leer un fichero que termina en salto de línea da un content distinto del que devolvió leer.
# fails: generadas
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    if isinstance(valor, str):
        valor = valor.strip()  # fuera espacios sobrantes
    return resultado(ll["id"], valor)
