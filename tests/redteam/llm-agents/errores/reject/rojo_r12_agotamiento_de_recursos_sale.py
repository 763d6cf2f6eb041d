# mistake: deja salir MemoryError y RecursionError pensando que "sin memoria o sin pila el programa no puede seguir"; son Exception como las demás y deben volver al modelo como observación de error
# fails: generadas
# says: lanzó RecursionError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id_llamada, texto):
    return {"type": "tool_result", "tool_use_id": id_llamada,
            "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except (MemoryError, RecursionError):
        # Sin memoria o sin pila no hay nada que hacer: esto tiene que parar.
        raise
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
