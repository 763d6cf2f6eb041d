# mistake: measures how long the tool took and adds a "duracion" key to successful observations (handy for spotting slow tools), while the statement says a success is resultado(id, valor) exactly as returned, with nothing added
# fails: conversacion
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import time


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    inicio = time.perf_counter()
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    observacion = resultado(bloque["id"], valor)
    # Cuánto ha tardado la herramienta, en segundos: útil para ver cuáles van lentas.
    observacion["duracion"] = round(time.perf_counter() - inicio, 3)
    return observacion
