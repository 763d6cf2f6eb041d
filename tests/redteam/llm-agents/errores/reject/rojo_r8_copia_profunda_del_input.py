# mistake: le pasa a la herramienta una copia profunda de input «para protegerlo»: lo que la herramienta cambie en una lista que recibe ya no llega al bloque.
# fails: generadas
# says: no una copia
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
import copy


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    argumentos = copy.deepcopy(bloque["input"])  # que la herramienta no toque el bloque
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as error:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(error).__name__, error), "is_error": True}
    return resultado(bloque["id"], valor)
