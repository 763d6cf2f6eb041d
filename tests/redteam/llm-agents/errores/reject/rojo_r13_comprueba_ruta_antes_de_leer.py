# mistake: "look before you leap": for leer it checks the path against the entorno itself and builds the KeyError text by hand, instead of running the tool and reporting what it raises; identical with the course's leer, but the statement says the tool is FUNCIONES[name] looked up each time, and its result is what it returns
# fails: conversacion
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    # leer es la que más falla: mejor comprobar la ruta que esperar al KeyError
    if bloque["name"] == "leer" and bloque["input"]["ruta"] not in entorno:
        return fallo(bloque["id"], "KeyError: %r" % (bloque["input"]["ruta"],))
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
