# style: a callable class instance bound to the name ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


class _Ejecutor:
    """Ejecuta una llamada y devuelve siempre su observación."""

    @staticmethod
    def _error(id, texto):
        return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}

    def __call__(self, ll, entorno):
        motivo = incumple(ll)
        if motivo is not None:
            return self._error(ll["id"], motivo)
        funcion = FUNCIONES[ll["name"]]
        try:
            salida = funcion(entorno, **ll["input"])
        except Exception as e:
            return self._error(ll["id"], "%s: %s" % (type(e).__name__, e))
        return resultado(ll["id"], salida)


ejecutar = _Ejecutor()
