# mistake: solo mete en el try las herramientas que "pueden fallar" (leer y escribir); listar y buscar solo recorren el entorno y se llaman sin try para ahorrárselo, así que lo que lancen sale de ejecutar
# fails: generadas
# says: lanzó AttributeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

# Las que tocan una clave concreta del entorno son las que pueden fallar.
PUEDEN_FALLAR = ("leer", "escribir")


def error(id_llamada, contenido):
    return {"type": "tool_result", "tool_use_id": id_llamada,
            "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return error(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    if bloque["name"] not in PUEDEN_FALLAR:
        # listar y buscar solo recorren el entorno: no necesitan try
        return resultado(bloque["id"], funcion(entorno, **bloque["input"]))
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return error(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
