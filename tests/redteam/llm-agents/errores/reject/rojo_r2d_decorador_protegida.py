# mistake: a decorator turns the tool's Exception into a marker, but **ll["input"] is unpacked outside its try: arguments that are not a mapping, let through by an incumple redefined later, raise TypeError instead of becoming an observation.
# fails: generadas
# says: argument after ** must be a mapping
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


class _Fallo:
    def __init__(self, error):
        self.texto = "%s: %s" % (type(error).__name__, error)


def protegida(funcion):
    def envuelta(*args, **kwargs):
        try:
            return funcion(*args, **kwargs)
        except Exception as error:
            return _Fallo(error)
    return envuelta


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    salida = protegida(FUNCIONES[ll["name"]])(entorno, **ll["input"])
    if isinstance(salida, _Fallo):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": salida.texto, "is_error": True}
    return resultado(ll["id"], salida)
