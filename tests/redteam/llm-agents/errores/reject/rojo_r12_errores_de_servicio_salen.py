# mistake: lee que hay errores que el modelo no puede corregir ("un servicio que no contesta") y deja salir ConnectionError y TimeoutError; el texto dice que aun entonces decide el modelo: toda Exception de la herramienta vuelve como observación
# fails: generadas
# says: lanzó BrokenPipeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

# Errores que el modelo no puede arreglar cambiando la llamada.
NO_SON_DEL_MODELO = (ConnectionError, TimeoutError)


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
    except NO_SON_DEL_MODELO:
        raise
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
