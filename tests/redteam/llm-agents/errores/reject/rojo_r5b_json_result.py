# mistake: non-string tool results are serialised with json.dumps before going into the observation, instead of passing whatever the tool returned (None, numbers, lists) unchanged.
# fails: generadas
# says: si la herramienta devuelve, la observación es

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import json


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    if not isinstance(salida, str):  # el modelo lee texto: lo demás, en JSON
        salida = json.dumps(salida, ensure_ascii=False)
    return resultado(ll["id"], salida)
