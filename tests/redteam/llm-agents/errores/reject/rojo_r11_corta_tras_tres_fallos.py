# mistake: añade un "cortacircuitos" para el modelo que insiste: al tercer fallo seguido lanza RuntimeError para parar el bucle, cuando cada llamada que falla debe dar su observación de error (el tope es lo único que corta)
# fails: generadas
# says: Pasa los 2 primeros casos generados y
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

MAX_FALLOS_SEGUIDOS = 3
_fallos_seguidos = 0


def fallo(id, texto):
    global _fallos_seguidos
    _fallos_seguidos += 1
    if _fallos_seguidos >= MAX_FALLOS_SEGUIDOS:
        _fallos_seguidos = 0
        raise RuntimeError("el modelo ha fallado %d veces seguidas" % MAX_FALLOS_SEGUIDOS)
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    global _fallos_seguidos
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    _fallos_seguidos = 0
    return resultado(bloque["id"], valor)
