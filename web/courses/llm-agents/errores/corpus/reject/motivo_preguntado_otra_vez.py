# Comprueba el esquema con una llamada a incumple y, para escribir el motivo, vuelve a preguntárselo: con una incumple que no contesta siempre lo mismo, el motivo no es el de la comprobación.
# fails: generadas
# says: incumple: la 1ª vez
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def motivo_de(ll):
    return incumple(ll)


def ejecutar(ll, entorno):
    if incumple(ll) is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo_de(ll),
                "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], valor)
