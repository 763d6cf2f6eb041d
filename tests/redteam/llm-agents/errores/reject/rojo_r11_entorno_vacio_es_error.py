# mistake: comprobación defensiva: con un entorno vacío "no hay ficheros con los que trabajar" y devuelve un error sin ejecutar la herramienta; un entorno vacío es válido (listar da "", escribir crea el fichero)
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def observacion_de_error(bloque, texto):
    return {"type": "tool_result", "tool_use_id": bloque["id"], "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque, motivo)
    if not entorno:
        return observacion_de_error(bloque, "el entorno no tiene ningún fichero")
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(bloque, "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
