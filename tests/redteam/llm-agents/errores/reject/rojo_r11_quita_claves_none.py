# mistake: "limpia" la observación antes de devolverla quitando las claves que valen None (la API suele rechazar null), así que si la herramienta devuelve None la observación se queda sin content
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def sin_nulos(d):
    return {k: v for k, v in d.items() if v is not None}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        obs = {"type": "tool_result", "tool_use_id": bloque["id"],
               "content": motivo, "is_error": True}
    else:
        funcion = FUNCIONES[bloque["name"]]
        try:
            valor = funcion(entorno, **bloque["input"])
        except Exception as e:
            obs = {"type": "tool_result", "tool_use_id": bloque["id"],
                   "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
        else:
            obs = resultado(bloque["id"], valor)
    return sin_nulos(obs)
