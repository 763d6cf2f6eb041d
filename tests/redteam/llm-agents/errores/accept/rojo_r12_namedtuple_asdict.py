# right: la observación de error es un namedtuple de cuatro campos que se convierte en dict nuevo con _asdict()
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

from collections import namedtuple

ObservacionDeError = namedtuple("ObservacionDeError", "type tool_use_id content is_error")


def observacion_de_error(id_llamada, contenido):
    return ObservacionDeError("tool_result", id_llamada, contenido, True)._asdict()


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
