# mistake: Uses traceback.format_exception_only (the last traceback line), which drops ': ' for an empty message and module-qualifies non-builtin exceptions.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

import traceback

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        ultima = traceback.format_exception_only(type(e), e)[-1].strip()
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": ultima, "is_error": True}
    return resultado(ll["id"], valor)
