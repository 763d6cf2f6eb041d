# mistake: si la herramienta devuelve algo que ya parece un tool_result lo devuelve tal cual (con el id de la llamada) para "no envolverlo dos veces"; lo que devuelve la herramienta, sea lo que sea, va dentro de resultado(id, valor)
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def _error(bloque, contenido):
    return {"type": "tool_result", "tool_use_id": bloque["id"],
            "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return _error(bloque, motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return _error(bloque, "%s: %s" % (type(e).__name__, e))
    if isinstance(valor, dict) and valor.get("type") == "tool_result":
        # Ya es una observación: basta con ponerle el id de esta llamada.
        return dict(valor, tool_use_id=bloque["id"])
    return resultado(bloque["id"], valor)
