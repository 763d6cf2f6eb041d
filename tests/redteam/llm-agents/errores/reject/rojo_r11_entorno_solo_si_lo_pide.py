# mistake: harness "flexible": mira con inspect si el primer parámetro de la herramienta se llama entorno y, si no, la llama sin él; la herramienta debe recibir siempre FUNCIONES[name](entorno, **input), se llame como se llame ese parámetro
# fails: conversacion
# says: la herramienta trabaja
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import inspect


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def pide_entorno(funcion):
    parametros = list(inspect.signature(funcion).parameters)
    return bool(parametros) and parametros[0] == "entorno"


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    # así también valen herramientas que no necesitan los ficheros
    posicionales = (entorno,) if pide_entorno(funcion) else ()
    try:
        valor = funcion(*posicionales, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
