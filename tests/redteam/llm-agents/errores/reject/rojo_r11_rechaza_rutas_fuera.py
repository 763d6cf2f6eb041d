# mistake: "seguridad" añadida: si un argumento ruta/carpeta empieza por "/" o contiene "..", devuelve un error propio sin ejecutar la herramienta, aunque incumple no dé motivo
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ruta_peligrosa(valor):
    return valor.startswith("/") or ".." in valor.split("/")


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    # el modelo no debe salirse de la carpeta del usuario
    for nombre in ("ruta", "carpeta"):
        valor = bloque["input"].get(nombre)
        if isinstance(valor, str) and ruta_peligrosa(valor):
            return fallo(bloque["id"], "ruta no permitida: %r" % valor)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
