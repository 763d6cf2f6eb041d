# mistake: for TypeErrors ("they are usually about the arguments") appends the call's tool name and arguments to the error text so the model sees what it sent, while the statement says content is exactly "Tipo: mensaje" for any exception (and the call is already in M)
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        contenido = "%s: %s" % (type(e).__name__, e)
        if isinstance(e, TypeError):
            # Un TypeError suele venir de los argumentos: le recuerdo al modelo
            # con qué argumentos llamó, para que la corrija mejor.
            contenido += " (al llamar a %s con %r)" % (bloque["name"], bloque["input"])
        return fallo(bloque["id"], contenido)
    return resultado(bloque["id"], valor)
