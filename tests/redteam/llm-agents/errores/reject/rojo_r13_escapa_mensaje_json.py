# mistake: escapes the exception message with json.dumps(...)[1:-1] "so it is safe inside the API's JSON"; with the default ensure_ascii it turns accents into \u escapes (and quotes/backslashes too), so content is no longer "Tipo: mensaje" as the statement asks
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
import json


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        # el content viaja dentro de un JSON: mejor escaparlo aquí
        mensaje = json.dumps(str(e))[1:-1]
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, mensaje))
    return resultado(bloque["id"], valor)
