# mistake: performance/idempotence shortcut: if escribir would write exactly what the file already has, it skips the tool and answers "sin cambios"; the statement says a call that passes incumple runs the tool and its observation is resultado(id, valor) with what the tool returned
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
    argumentos = bloque["input"]
    if bloque["name"] == "escribir" and entorno.get(argumentos["ruta"]) == argumentos["contenido"]:
        return resultado(bloque["id"], "%s: sin cambios" % argumentos["ruta"])  # no hace falta escribir
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
