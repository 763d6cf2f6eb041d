# right: cadena de responsabilidad, una tupla de pasos y el primero que da observación gana
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def paso_esquema(bloque, entorno):
    """Si la llamada no cumple su esquema, la observación de error; si no, None."""
    motivo = incumple(bloque)
    if motivo is None:
        return None
    return {"type": "tool_result", "tool_use_id": bloque["id"], "content": motivo, "is_error": True}


def paso_herramienta(bloque, entorno):
    """Ejecuta la herramienta; siempre da una observación."""
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        texto = "%s: %s" % (type(e).__name__, e)
        return {"type": "tool_result", "tool_use_id": bloque["id"], "content": texto, "is_error": True}
    return resultado(bloque["id"], valor)


PREVIOS = (paso_esquema,)   # cada uno puede cortar la cadena
FINAL = paso_herramienta      # el último, si nadie ha cortado


def ejecutar(bloque, entorno):
    for paso in PREVIOS:
        observacion = paso(bloque, entorno)
        if observacion is not None:
            return observacion
    return FINAL(bloque, entorno)
