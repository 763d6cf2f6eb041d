# style: structural pattern matching on incumple's answer and an f-string for the message
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    match incumple(ll):
        case None:
            pass
        case motivo:
            return {"type": "tool_result", "tool_use_id": ll["id"],
                    "content": motivo, "is_error": True}
    f = FUNCIONES[ll["name"]]
    try:
        r = f(entorno, **ll["input"])
    except Exception as exc:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": f"{type(exc).__name__}: {exc}", "is_error": True}
    return resultado(ll["id"], r)
