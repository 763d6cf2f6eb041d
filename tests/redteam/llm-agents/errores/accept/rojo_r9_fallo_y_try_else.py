# right: función auxiliar fallo, como la Celda 2, y try/except/else
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, contenido):
    """El tool_result de una llamada que ha salido mal."""
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)  # la herramienta no se ejecuta
    funcion = FUNCIONES[bloque["name"]]     # error del harness: fuera del try
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:                  # KeyboardInterrupt y SystemExit pasan
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    else:
        return resultado(bloque["id"], valor)
