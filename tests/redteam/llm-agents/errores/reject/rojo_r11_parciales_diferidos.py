# mistake: written as right; its prover showed it wrong: incumple = lambda bloque: None; ejecutar({'type':'tool_use','id':'x2','name':'listar','input':'recetas/'}, {'a.txt':'hola'}) (input as text is the statement's own example; incumple may be redefined) -
# fails: generadas
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

from functools import partial


def marcar_error(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    """Primero se decide qué observación toca; se fabrica al final, fuera del try."""
    id = bloque["id"]
    motivo = incumple(bloque)
    if motivo is not None:
        fabricar = partial(marcar_error, id, motivo)
    else:
        herramienta = partial(FUNCIONES[bloque["name"]], entorno)
        try:
            valor = herramienta(**bloque["input"])
        except Exception as e:
            fabricar = partial(marcar_error, id, f"{type(e).__name__}: {e!s}")
        else:
            fabricar = partial(resultado, id, valor)
    return fabricar()
