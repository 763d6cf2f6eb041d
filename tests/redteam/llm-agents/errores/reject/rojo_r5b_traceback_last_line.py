# mistake: the error content is taken from the last line of traceback.format_exc(), which module-qualifies non-builtin exception names, drops ': ' for empty messages and keeps only the last line of multi-line messages.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import traceback


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception:
        # la última línea del traceback: «KeyError: 'tortilla.txt'»
        ultima = traceback.format_exc().strip().splitlines()[-1]
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": ultima, "is_error": True}
    return resultado(ll["id"], salida)
