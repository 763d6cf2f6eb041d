# mistake: Saca el nombre del tipo de str(type(e)) partiendo por las comillas, que para excepciones de fuera de builtins incluye el módulo ('json.decoder.JSONDecodeError'), así que su content no es el de type(e).__name__.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        tipo = str(type(e)).split("'")[1]  # <class 'KeyError'> -> KeyError
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (tipo, e), "is_error": True}
    return resultado(ll["id"], valor)
