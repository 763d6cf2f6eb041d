# style: f-strings with an explicit !s conversion and early returns guarded by the positive case first.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    id_llamada = ll["id"]
    if (motivo := incumple(ll)) is None:
        funcion = FUNCIONES[ll["name"]]
        try:
            salida = funcion(entorno, **ll["input"])
        except Exception as exc:
            contenido = f"{type(exc).__name__}: {exc!s}"
            return {"type": "tool_result", "tool_use_id": id_llamada,
                    "content": contenido, "is_error": True}
        return resultado(id_llamada, salida)
    return {"type": "tool_result", "tool_use_id": id_llamada, "content": motivo, "is_error": True}
