# mistake: truncates the exception text to 200 characters to save room in M, so a tool raising an exception with a long message gives a shortened content.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        mensaje = "%s: %s" % (type(e).__name__, e)
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": mensaje[:200], "is_error": True}  # cada error ocupa sitio en M
    return resultado(ll["id"], valor)
