# mistake: Construye content con la última línea de traceback.format_exception_only, que coincide con la regla casi siempre pero no cuando la excepción no trae mensaje (KeyError() da 'KeyError' y no 'KeyError: ').
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


import traceback


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        # la última línea del traceback, como la imprime Python
        ultima = traceback.format_exception_only(type(e), e)[-1].strip()
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": ultima, "is_error": True}
    return resultado(ll["id"], valor)
