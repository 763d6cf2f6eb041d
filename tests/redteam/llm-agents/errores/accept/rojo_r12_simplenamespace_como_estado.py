# right: un types.SimpleNamespace recoge el desenlace (valor o excepción) y un único sitio, fuera del try, decide qué observación sale
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

from types import SimpleNamespace


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    herramienta = FUNCIONES[bloque["name"]]
    estado = SimpleNamespace(fallo=None, valor=None)
    try:
        estado.valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        estado.fallo = e
    if estado.fallo is None:
        return resultado(bloque["id"], estado.valor)
    return {"type": "tool_result", "tool_use_id": bloque["id"],
            "content": "%s: %s" % (type(estado.fallo).__name__, estado.fallo),
            "is_error": True}
