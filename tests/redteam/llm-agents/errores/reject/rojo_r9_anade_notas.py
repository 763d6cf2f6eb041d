# mistake: añade al content las notas de la excepción (`__notes__`, las de add_note), que el traceback enseña pero no son el mensaje
# fails: generadas
# says: si la herramienta lanza una Exception
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
        contenido = "%s: %s" % (type(e).__name__, e)
        for nota in getattr(e, "__notes__", []):  # las pistas que añadió la herramienta
            contenido += "\n" + nota
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": contenido, "is_error": True}
    return resultado(bloque["id"], valor)
