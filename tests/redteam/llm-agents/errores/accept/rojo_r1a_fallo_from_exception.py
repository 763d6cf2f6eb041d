# style: Two helpers, fallo(id, texto) and fallo_de(id, e), with the f-string using str(e).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}

def fallo_de(id, e):
    return fallo(id, f"{type(e).__name__}: {str(e)}")

def ejecutar(ll, entorno):
    if (motivo := incumple(ll)) is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo_de(ll["id"], e)
    return resultado(ll["id"], valor)
