# mistake: passes a copy of the arguments with the strings stripped, so the tool receives other arguments than the model's
# fails: generadas
# says: la herramienta recibe el entorno y los argumentos de bloque["input"] tal cual
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    argumentos = {k: v.strip() if isinstance(v, str) else v for k, v in ll["input"].items()}
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
