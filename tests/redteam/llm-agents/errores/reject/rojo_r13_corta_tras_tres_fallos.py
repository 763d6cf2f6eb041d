# mistake: to stop a model that insists, it counts consecutive failed calls and raises after the third one; the statement says ejecutar never lets a call's error escape (only the tope cuts the repetition), every failed call gets its error observation
# fails: generadas
# says: lanzó RuntimeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

MAX_FALLOS_SEGUIDOS = 3
fallos_seguidos = 0


def fallo(id, texto):
    global fallos_seguidos
    fallos_seguidos += 1
    if fallos_seguidos >= MAX_FALLOS_SEGUIDOS:
        fallos_seguidos = 0
        raise RuntimeError("el modelo ha fallado %d llamadas seguidas" % MAX_FALLOS_SEGUIDOS)
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    global fallos_seguidos
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    fallos_seguidos = 0
    return resultado(bloque["id"], valor)
