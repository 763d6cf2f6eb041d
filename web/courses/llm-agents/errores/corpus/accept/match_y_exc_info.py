# Un match sobre el motivo (case None compara por identidad), sys.exc_info() y una sola salida.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import sys


def ejecutar(bloque, entorno):
    id_llamada = bloque["id"]
    match incumple(bloque):
        case None:
            pass
        case motivo:
            return {"type": "tool_result", "tool_use_id": id_llamada,
                    "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception:
        tipo, excepcion, _ = sys.exc_info()
        observacion = {"type": "tool_result", "tool_use_id": id_llamada,
                       "content": "%s: %s" % (tipo.__name__, excepcion), "is_error": True}
    else:
        observacion = resultado(id_llamada, valor)
    return observacion
