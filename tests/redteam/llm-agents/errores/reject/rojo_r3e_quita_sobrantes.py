# mistake: 'Repairs' calls by dropping unknown arguments from ll['input'] in place before checking, so it mutates the call and runs a call that breaks the schema.
# fails: conversacion
# says: el bloque no se modifica,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios

def _propiedades(nombre):
    for h in HERRAMIENTAS:
        if h["name"] == nombre:
            return h["input_schema"]["properties"]
    return None

def ejecutar(ll, entorno):
    props = _propiedades(ll["name"])
    if props is not None and isinstance(ll["input"], dict):
        for clave in [k for k in ll["input"] if k not in props]:
            del ll["input"][clave]  # argumentos que sobran: se ignoran
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
