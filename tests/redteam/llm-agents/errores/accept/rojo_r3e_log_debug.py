# style: logs errors with the logging module at DEBUG (lazy, no formatting when disabled) and otherwise follows the contract.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

import logging
_log = logging.getLogger("agente.ejecutar")

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        _log.debug("llamada rechazada por su esquema")
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        contenido = "%s: %s" % (type(e).__name__, e)
        _log.debug("la herramienta ha lanzado una excepcion")
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": contenido, "is_error": True}
    return resultado(ll["id"], valor)
