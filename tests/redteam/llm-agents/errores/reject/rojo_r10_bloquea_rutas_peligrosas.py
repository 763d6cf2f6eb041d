# mistake: adds a sandbox check that refuses absolute paths and '..' in ruta/carpeta with its own error observation, although incumple accepted the call; the statement says a call that passes incumple runs its tool and, if the tool doesn't raise, gives resultado(id, valor)
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

ARGUMENTOS_DE_RUTA = ("ruta", "carpeta")


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ruta_peligrosa(ruta):
    # Nada de salir de la carpeta del usuario: ni rutas absolutas ni "..".
    return ruta.startswith("/") or ".." in ruta.split("/")


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    argumentos = bloque["input"] if isinstance(bloque["input"], dict) else {}
    for nombre in ARGUMENTOS_DE_RUTA:
        ruta = argumentos.get(nombre)
        if isinstance(ruta, str) and ruta_peligrosa(ruta):
            return fallo(bloque["id"], "%s: la ruta %r no está permitida" % (bloque["name"], ruta))
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
