# mistake: si `input` es un texto, lo intenta leer como JSON antes de preguntar a `incumple`, así que un input en texto con JSON válido se ejecuta en vez de dar su motivo
# fails: generadas
# says: si incumple(bloque) da un motivo
import json
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    # Algunos modelos mandan los argumentos como texto JSON: se aceptan igual.
    if isinstance(bloque.get("input"), str):
        try:
            bloque = dict(bloque, input=json.loads(bloque["input"]))
        except ValueError:
            pass  # no era JSON: que lo diga incumple
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
