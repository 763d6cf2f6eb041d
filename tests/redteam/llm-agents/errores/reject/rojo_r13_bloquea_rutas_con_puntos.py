# mistake: adds its own safety check (no ".." in ruta/carpeta) and answers with its own error text without running the tool; the statement says that a call incumple accepts is executed, and only the tool's exception (Tipo: mensaje) becomes an error
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    # por seguridad, que el modelo no se salga de la carpeta del usuario
    for clave in ("ruta", "carpeta"):
        if ".." in bloque["input"].get(clave, ""):
            return fallo(bloque["id"], "%s: ruta no permitida" % bloque["name"])
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
