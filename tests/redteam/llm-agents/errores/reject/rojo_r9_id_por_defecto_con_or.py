# mistake: toma el id con `bloque.get("id") or "sin-id"` por precaución, así que un id que es el texto vacío se cambia por otro
# fails: generadas
# says: la observación contesta a la llamada
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    id_llamada = bloque.get("id") or "sin-id"  # por si acaso
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": id_llamada,
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": id_llamada,
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(id_llamada, valor)
