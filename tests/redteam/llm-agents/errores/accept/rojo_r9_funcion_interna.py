# right: una función interna que ejecuta la herramienta y devuelve un par (salió bien, valor o texto del error)
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    def correr(funcion):
        # Solo la herramienta dentro del try; el texto del error se fabrica fuera.
        try:
            return True, funcion(entorno, **bloque["input"])
        except Exception as e:
            return False, e

    def error(contenido):
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": contenido, "is_error": True}

    motivo = incumple(bloque)
    if motivo is not None:
        return error(motivo)
    ok, valor = correr(FUNCIONES[bloque["name"]])
    if ok:
        return resultado(bloque["id"], valor)
    return error("%s: %s" % (type(valor).__name__, valor))
