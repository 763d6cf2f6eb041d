# mistake: runs the tool in a worker thread with a 1-second timeout, turning a slow but successful tool into a TimeoutError observation
# falla: todas
# error: Tu código ha arrancado un hilo (threadin
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


import concurrent.futures

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=1)


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = _POOL.submit(funcion, entorno, **ll["input"]).result(timeout=1.0)
    except concurrent.futures.TimeoutError:
        return fallo(ll["id"], "TimeoutError: la herramienta no contestó a tiempo")
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
