# errores.py: ejecutar tal como queda al final de la lección «Los errores
# como observaciones». Un fallo ya no sale como excepción: vuelve al modelo
# como un tool_result con is_error. Se carga después de bucle.py, cuya
# ejecutar sustituye; el bucle no cambia y la busca por su nombre:
#     exec(open_url("/courses/llm-agents/entorno.py").read())
#     exec(open_url("/courses/llm-agents/bucle.py").read())
#     exec(open_url("/courses/llm-agents/errores.py").read())


def fallo(id, mensaje):
    """El tool_result de una llamada que ha fallado: el mismo bloque que
    fabrica resultado, con is_error, y en content lo que ha ido mal."""
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    """Una llamada: primero su esquema, después la función. Devuelve siempre
    el tool_result con el mismo id que la llamada; si algo falla, con is_error."""
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)  # la herramienta no llega a ejecutarse
    funcion = FUNCIONES[ll["name"]]  # si falta, es un error del harness: no se atrapa
    try:
        valor = funcion(entorno, **ll["input"])  # en el try, sólo la llamada a la herramienta
    except Exception as error:
        # El tipo y lo que dice la excepción, que casi siempre es la última línea de un traceback.
        return fallo(ll["id"], "%s: %s" % (type(error).__name__, error))
    return resultado(ll["id"], valor)
