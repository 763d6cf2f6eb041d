# right: the two branches kept as zero-argument lambdas in a dict indexed by "hay motivo", called lazily
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)

    def marca(texto):
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": texto, "is_error": True}

    def corre():
        funcion = FUNCIONES[bloque["name"]]
        try:
            valor = funcion(entorno, **bloque["input"])
        except Exception as e:
            return marca("%s: %s" % (type(e).__name__, e))
        return resultado(bloque["id"], valor)

    ramas = {True: lambda: marca(motivo), False: corre}
    return ramas[motivo is not None]()
