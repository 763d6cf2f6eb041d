# mistake: remembers every id already executed and refuses a second call with the same id ("a retried call must not run twice"), returning an error observation, while the statement says a correct call runs its tool and gives resultado(id, valor) every time
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

YA_EJECUTADAS = set()


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    if bloque["id"] in YA_EJECUTADAS:
        # Una llamada repetida (un reintento) no debe escribir dos veces.
        return fallo(bloque["id"], "la llamada %s ya se ha ejecutado" % bloque["id"])
    YA_EJECUTADAS.add(bloque["id"])
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
