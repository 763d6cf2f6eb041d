# mistake: si incumple da un motivo vacío lo cambia por un texto genérico para que el modelo "no reciba un error en blanco"; el motivo va tal cual en content, también si es un texto vacío
# fails: generadas
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id_llamada, texto):
    return {"type": "tool_result", "tool_use_id": id_llamada,
            "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        # Un error sin explicación no le sirve al modelo: al menos que sepa qué pasó.
        return fallo(bloque["id"], motivo or "la llamada no cumple el esquema de su herramienta")
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
