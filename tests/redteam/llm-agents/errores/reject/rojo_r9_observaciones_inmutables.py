# mistake: devuelve las observaciones envueltas en MappingProxyType para que nadie las modifique: se comparan igual que un dict, pero ya no son diccionarios
# fails: conversacion
# says: si incumple(bloque) da un motivo
from types import MappingProxyType
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def _congela(observacion):
    # Una observación ya está en M: nadie debería poder cambiarla después.
    return MappingProxyType(observacion)


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return _congela({"type": "tool_result", "tool_use_id": bloque["id"],
                         "content": motivo, "is_error": True})
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return _congela({"type": "tool_result", "tool_use_id": bloque["id"],
                         "content": "%s: %s" % (type(e).__name__, e), "is_error": True})
    return _congela(resultado(bloque["id"], valor))
