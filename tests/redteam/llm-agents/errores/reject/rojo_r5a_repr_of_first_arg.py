# mistake: The message is built as repr(e.args[0]) (copying the quotes of the KeyError example) instead of str(e), which differs for every non-KeyError message and fails on exceptions without args.
# fails: generadas
# says: Falla en el primer caso generado
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %r" % (type(e).__name__, e.args[0]))  # KeyError: 'tortilla.txt'
    return resultado(ll["id"], valor)
