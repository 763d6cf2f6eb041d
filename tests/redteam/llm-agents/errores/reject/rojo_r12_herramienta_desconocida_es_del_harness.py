# mistake: cree que pedir una herramienta que no existe es culpa del harness (no le dio al modelo la lista buena) y lanza en ese caso en vez de devolver el motivo; cualquier motivo de incumple, también "no hay ninguna herramienta llamada ...", vuelve como observación de error
# fails: generadas
# says: lanzó LookupError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        conocidas = [h["name"] for h in HERRAMIENTAS]
        if bloque.get("name") not in conocidas:
            # El modelo solo puede pedir lo que le hemos dado: si pide otra cosa,
            # el fallo es nuestro y tiene que parar el programa.
            raise LookupError(motivo)
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
