# style: bare `except Exception:` with sys.exc_info() and a base dict merged with {**...}.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

import sys

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {**{"type": "tool_result", "tool_use_id": ll["id"]}, "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception:
        tipo, exc, _ = sys.exc_info()
        return {**{"type": "tool_result", "tool_use_id": ll["id"]},
                "content": "%s: %s" % (tipo.__name__, exc), "is_error": True}
    return resultado(ll["id"], valor)
