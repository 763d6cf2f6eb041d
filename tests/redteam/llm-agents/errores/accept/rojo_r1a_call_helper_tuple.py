# style: A helper that runs only the tool call in a try and returns (ok, value-or-exception).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def llama(funcion, entorno, argumentos):
    try:
        return True, funcion(entorno, **argumentos)
    except Exception as e:
        return False, e

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    ok, valor = llama(FUNCIONES[ll["name"]], entorno, ll["input"])
    if ok:
        return resultado(ll["id"], valor)
    return {"type": "tool_result", "tool_use_id": ll["id"],
            "content": "%s: %s" % (type(valor).__name__, valor), "is_error": True}
