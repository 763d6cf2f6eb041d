# style: a class with __call__; ejecutar is an instance.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

class Ejecutor:
    """Convierte cada llamada en su observación."""

    def error(self, id, mensaje):
        return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

    def __call__(self, ll, entorno):
        motivo = incumple(ll)
        if motivo is not None:
            return self.error(ll["id"], motivo)
        herramienta = FUNCIONES[ll["name"]]
        try:
            salida = herramienta(entorno, **ll["input"])
        except Exception as exc:
            return self.error(ll["id"], "%s: %s" % (type(exc).__name__, exc))
        return resultado(ll["id"], salida)


ejecutar = Ejecutor()
