# right: unusual idiom, each error block is a fresh dict read out of a ChainMap over shared, never-mutated fixed parts
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

from collections import ChainMap

# Las partes fijas, compartidas y nunca modificadas. ChainMap recorre sus
# mapas del último al primero, así que el bloque sale con las claves en orden.
CABEZA = {"type": "tool_result"}
COLA = {"is_error": True}


def observacion_de_error(id, contenido):
    return dict(ChainMap(COLA, {"tool_use_id": id, "content": contenido}, CABEZA))


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
