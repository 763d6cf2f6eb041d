# mistake: Limpia el content del error con strip(), así que un mensaje que acaba en salto de línea o una excepción sin mensaje ('ValueError: ' pasa a 'ValueError:') no sale con el formato exacto 'Tipo: mensaje'.
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
    herramienta = FUNCIONES[ll["name"]]
    try:
        valor = herramienta(entorno, **ll["input"])
    except Exception as e:
        mensaje = f"{type(e).__name__}: {e}".strip()
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}
    return resultado(ll["id"], valor)
