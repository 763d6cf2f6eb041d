# mistake: escapes the exception message with json.dumps(str(e))[1:-1] "because content travels as JSON to the API", so accents, double quotes, backslashes and newlines come out as \u00f1, \", \\, \n escapes instead of the message itself
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import json


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
        # El content acaba dentro del JSON de la API: escapo el mensaje para
        # que unas comillas o un salto de línea no rompan nada.
        mensaje = json.dumps(str(e))[1:-1]
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, mensaje))
    return resultado(bloque["id"], valor)
