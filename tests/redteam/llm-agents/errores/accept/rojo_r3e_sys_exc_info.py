# style: except Exception without a name, reading the exception with sys.exc_info().
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

import sys

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return dict(type="tool_result", tool_use_id=ll["id"], content=motivo, is_error=True)
    f = FUNCIONES[ll["name"]]
    try:
        v = f(entorno, **ll["input"])
    except Exception:
        tipo, e, _ = sys.exc_info()
        return dict(type="tool_result", tool_use_id=ll["id"],
                    content="{}: {}".format(tipo.__name__, e), is_error=True)
    return resultado(ll["id"], v)
