# style: a context manager that captures an Exception from the single call inside its with block
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


class _Captura:
    def __init__(self):
        self.error = None
        self.valor = None

    def __enter__(self):
        return self

    def __exit__(self, tipo, error, tb):
        if tipo is not None and issubclass(tipo, Exception):
            self.error = error
            return True      # sólo Exception se queda aquí
        return False         # KeyboardInterrupt, SystemExit: siguen su camino


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    captura = _Captura()
    with captura:
        captura.valor = funcion(entorno, **ll["input"])
    if captura.error is not None:
        e = captura.error
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], captura.valor)
