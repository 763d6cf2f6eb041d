# mistake: reads "la llamada no se toca" as a rule for tools: snapshots the arguments and turns a successful call whose tool changed a received list into an error observation, while the statement says the tool gets the input values themselves and a change it makes simply stays in the call
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import copy


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    argumentos = bloque["input"]
    antes = copy.deepcopy(argumentos)
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    if argumentos != antes:
        # La llamada ya está en M y no se toca: una herramienta que cambia sus
        # argumentos ha hecho algo que no debía.
        return fallo(bloque["id"], "%s: la herramienta ha cambiado sus argumentos" % bloque["name"])
    return resultado(bloque["id"], valor)
