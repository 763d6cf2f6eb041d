# mistake: uses traceback.format_exception_only, which gives 'ValueError' (no colon) for an exception with no message and 'module.MiError: ...' for a tool's own exception class, instead of '%s: %s' % (type(e).__name__, e).
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import traceback

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        # la última línea del traceback, como dice la lección
        return fallo(ll["id"], traceback.format_exception_only(type(e), e)[-1].strip())
    return resultado(ll["id"], salida)
