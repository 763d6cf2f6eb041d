# style: Joins [type name, str(e)] with ': ' and builds the error block by copying a base dict.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

BASE_ERROR = {"type": "tool_result", "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        obs = dict(BASE_ERROR)
        obs["tool_use_id"] = ll["id"]
        obs["content"] = motivo
        return obs
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        obs = dict(BASE_ERROR)
        obs["tool_use_id"] = ll["id"]
        obs["content"] = ": ".join([type(e).__name__, str(e)])
        return obs
    return resultado(ll["id"], valor)
