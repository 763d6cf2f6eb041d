# Guarda una copia profunda de la excepción (copy.deepcopy), por si la herramienta cambia después sus args: copiarla rehace la excepción con sus args, y una clase cuyo __init__ pide otros argumentos lanza TypeError fuera del try.
# fails: generadas
# says: cuyo __init__ pide ruta y motivo
import copy
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    limpia = None
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        limpia = copy.deepcopy(e)
    if limpia is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(limpia).__name__, limpia), "is_error": True}
    return resultado(ll["id"], valor)
