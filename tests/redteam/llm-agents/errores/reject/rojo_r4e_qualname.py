# mistake: Usa type(e).__qualname__ para el nombre del tipo, que coincide con __name__ en las excepciones de Python pero no en una clase de excepción anidada (Disco.Lleno), así que su content lleva el nombre calificado.
# fails: generadas
# says: si la herramienta lanza una Exception,
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
        nombre = type(e).__qualname__  # el nombre completo de la clase
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (nombre, e), "is_error": True}
    return resultado(ll["id"], valor)
