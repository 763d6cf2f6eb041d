# mistake: Si la herramienta devuelve un dict que ya parece un tool_result (con 'content') lo devuelve tal cual, con el id puesto, en lugar de envolverlo con resultado, así que leer un fichero cuyo valor es un dict así da otra observación.
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
    if isinstance(valor, dict) and "content" in valor:
        # la herramienta ya ha fabricado su observación: sólo le pongo el id
        return dict(valor, type="tool_result", tool_use_id=ll["id"])
    return resultado(ll["id"], valor)
