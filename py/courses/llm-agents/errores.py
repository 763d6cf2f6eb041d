# errores.py: ejecutar tal como queda al final de la lección «Los errores
# como observaciones». Un fallo ya no sale como excepción: vuelve al modelo
# como un tool_result con is_error. Se carga después de bucle.py, cuya
# ejecutar sustituye; el bucle no cambia y la busca por su nombre:
#     exec(open_url("/courses/llm-agents/entorno.py").read())
#     exec(open_url("/courses/llm-agents/bucle.py").read())
#     exec(open_url("/courses/llm-agents/errores.py").read())


def ejecutar(bloque, entorno):
    """Una llamada: primero su esquema, después la función. Devuelve el
    tool_result con el mismo id que la llamada; si la llamada no cumple su
    esquema o la herramienta lanza una Exception, con is_error y en content lo
    que ha ido mal. Un error del harness sale de aquí sin atrapar."""
    motivo = incumple(bloque)
    if motivo is None:
        funcion = FUNCIONES[bloque["name"]]  # si falta, es un error del harness: no se atrapa
        try:
            valor = funcion(entorno, **bloque["input"])  # en el try, solo la llamada a la herramienta
        except Exception as error:
            # El tipo y lo que dice la excepción, que casi siempre es la última línea de un traceback.
            motivo = "%s: %s" % (type(error).__name__, error)
        else:
            return resultado(bloque["id"], valor)
    # Un motivo del esquema (la herramienta no llega a ejecutarse) o lo que lanzó la herramienta:
    # el mismo bloque que fabrica resultado, con is_error.
    return {"type": "tool_result", "tool_use_id": bloque["id"], "content": motivo, "is_error": True}
