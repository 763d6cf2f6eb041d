# mistake: como en otros frameworks de agentes, si la herramienta devuelve un diccionario con clave "error" lo toma por un fallo y lo marca con is_error; el enunciado dice que lo devuelto, sea lo que sea, va en resultado(id, valor) sin is_error
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def con_error(id_llamada, texto):
    return {"type": "tool_result", "tool_use_id": id_llamada,
            "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return con_error(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return con_error(bloque["id"], "%s: %s" % (type(e).__name__, e))
    # Hay herramientas que no lanzan: avisan devolviendo {"error": ...}.
    if isinstance(valor, dict) and "error" in valor:
        return con_error(bloque["id"], str(valor["error"]))
    return resultado(bloque["id"], valor)
