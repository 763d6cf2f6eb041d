# mistake: Normaliza el nombre de la herramienta con lower() antes de validar, así que 'Leer' se ejecuta como si fuera 'leer' (en vez de dar el motivo de incumple) y un name que no es str hace saltar AttributeError.
# fails: generadas
# says: dentro del try va solo la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    nombre = ll["name"].lower()  # 'Leer' y 'leer' son la misma herramienta
    motivo = incumple(dict(ll, name=nombre))
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    try:
        valor = FUNCIONES[nombre](entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
