# mistake: da por hecho que una excepción sin args no tiene mensaje y pone "Tipo: " sin llamar a str(e), aunque su __str__ diga algo
# fails: generadas
# says: lo que falla fuera de la llamada a la herramienta (incumple
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        # KeyError() sin mensaje da "KeyError: ", con los dos puntos y el espacio
        mensaje = str(e) if e.args else ""
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, mensaje), "is_error": True}
    return resultado(bloque["id"], valor)
