# mistake: Guarda en un diccionario del módulo lo que devuelven las herramientas que sólo leen, indexado por nombre y argumentos, así que una segunda llamada a leer lista.txt sobre otro entorno (o tras una escritura hecha por otro lado) devuelve el contenido viejo.
# fails: generadas
# says: si la herramienta devuelve, la observación
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


_CACHE = {}  # (herramienta, argumentos) -> valor, para listar/leer/buscar


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    clave = (ll["name"], tuple(sorted(ll["input"].items())))
    if ll["name"] != "escribir" and clave in _CACHE:
        return resultado(ll["id"], _CACHE[clave])
    if ll["name"] == "escribir":
        _CACHE.clear()
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    if ll["name"] != "escribir":
        _CACHE[clave] = valor
    return resultado(ll["id"], valor)
