# mistake: si la herramienta devuelve un generador, lo convierte en lista antes de fabricar la observación, así que content ya no es lo que devolvió
# fails: generadas
# says: un generador
import inspect
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
        if inspect.isgenerator(valor):  # un generador a medias no le dice nada al modelo
            valor = list(valor)
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
