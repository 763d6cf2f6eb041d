# mistake: comprobación defensiva de que cada id se usa una sola vez (con un set como argumento por defecto que dura entre llamadas); una segunda llamada con un id ya visto devuelve un error sin ejecutar la herramienta
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def error(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno, _vistos=set()):
    id = bloque["id"]
    motivo = incumple(bloque)
    if motivo is not None:
        return error(id, motivo)
    # dos llamadas con el mismo id confundirían al modelo: cada tool_result
    # tiene que corresponder a una sola llamada
    if id in _vistos:
        return error(id, "ya hay una llamada con el id %r" % id)
    _vistos.add(id)
    f = FUNCIONES[bloque["name"]]
    try:
        valor = f(entorno, **bloque["input"])
    except Exception as e:
        return error(id, "%s: %s" % (type(e).__name__, e))
    return resultado(id, valor)
