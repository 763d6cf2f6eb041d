# mistake: remembers every id it has executed and answers a call with an already-seen id with an error ("la API exige ids únicos"); the statement gives no such rule: a valid call runs the tool and gets resultado(id, valor) every time
# fails: generadas
# says: si la herramienta lanza
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

IDS_VISTOS = set()


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    if bloque["id"] in IDS_VISTOS:
        return fallo(bloque["id"], "id repetido: %s" % bloque["id"])
    IDS_VISTOS.add(bloque["id"])
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
