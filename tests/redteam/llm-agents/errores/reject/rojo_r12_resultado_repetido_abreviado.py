# mistake: para ahorrar sitio en M, si una llamada repite herramienta y argumentos y da el mismo texto que la última vez, manda "(igual que la última vez)" en vez del resultado; cada observación de éxito es resultado(id, valor) con lo que devolvió la herramienta
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

_ULTIMOS = {}  # (herramienta, argumentos) -> último texto devuelto


def fallo(id_llamada, texto):
    return {"type": "tool_result", "tool_use_id": id_llamada,
            "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    clave = (bloque["name"], repr(bloque["input"]))
    if isinstance(valor, str):
        if valor and _ULTIMOS.get(clave) == valor:
            # El modelo ya tiene este texto en M: no hace falta repetirlo.
            return resultado(bloque["id"], "(igual que la última vez)")
        _ULTIMOS[clave] = valor
    return resultado(bloque["id"], valor)
