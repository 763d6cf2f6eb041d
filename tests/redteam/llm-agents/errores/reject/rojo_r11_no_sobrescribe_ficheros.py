# mistake: protección "helpful" de los ficheros del usuario: si el modelo llama a escribir sobre una ruta que ya existe, devuelve un FileExistsError propio sin ejecutar la herramienta, aunque la llamada cumple su esquema y escribir sustituye el fichero
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    if bloque["name"] == "escribir" and bloque["input"]["ruta"] in entorno:
        # que el modelo no machaque un fichero del usuario sin querer
        return fallo(bloque["id"], "FileExistsError: %r" % bloque["input"]["ruta"])
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
