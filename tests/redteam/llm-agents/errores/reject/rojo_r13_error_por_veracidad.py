# mistake: keeps the caught exception in a variable and tests it with "if error:" instead of "is not None"; an exception whose truth value is False (one that defines __len__ or __bool__) is taken for success; the statement says any Exception the tool raises becomes an error observation
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def llama(funcion, entorno, argumentos):
    """(valor, None) si la herramienta acaba; (None, excepción) si lanza."""
    try:
        return funcion(entorno, **argumentos), None
    except Exception as e:
        return None, e


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    valor, error = llama(FUNCIONES[bloque["name"]], entorno, bloque["input"])
    if error:
        return fallo(bloque["id"], "%s: %s" % (type(error).__name__, error))
    return resultado(bloque["id"], valor)
