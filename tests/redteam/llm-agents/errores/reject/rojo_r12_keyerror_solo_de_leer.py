# mistake: cree que solo leer lanza KeyError a propósito (lo dice su docstring) y relanza un KeyError de cualquier otra herramienta como "errata del harness"; toda Exception de la herramienta, la que sea, vuelve como observación
# fails: generadas
# says: lanzó KeyError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    nombre = bloque["name"]
    funcion = FUNCIONES[nombre]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        # leer lanza KeyError cuando la ruta no existe: eso es del modelo.
        # Un KeyError en cualquier otra herramienta es una errata nuestra.
        if isinstance(e, KeyError) and nombre != "leer":
            raise
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
