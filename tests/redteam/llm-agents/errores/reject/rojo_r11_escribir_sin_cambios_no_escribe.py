# mistake: optimización: si escribir va a poner en un fichero lo mismo que ya tiene, no llama a la herramienta y fabrica él mismo el texto "ruta: N caracteres escritos"; con el escribir del curso coincide, pero el valor debe ser el que devuelva FUNCIONES["escribir"]
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
    args = bloque["input"]
    if bloque["name"] == "escribir" and entorno.get(args["ruta"]) == args["contenido"]:
        # nada que escribir: nos ahorramos la llamada
        return resultado(bloque["id"], "%s: %d caracteres escritos" % (args["ruta"], len(args["contenido"])))
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **args)
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
