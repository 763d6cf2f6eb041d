# mistake: escribe el mensaje con e.__str__() (costumbre de toString()) en lugar de str(e); si el __str__ de la excepción devuelve algo que no es texto, str(e) lanzaría TypeError y ese error debe salir de ejecutar, pero aquí se formatea y se manda
# fails: generadas
# says: lo que falla fuera de
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        tipo = type(e).__name__
        mensaje = e.__str__()
        return fallo(bloque["id"], "%s: %s" % (tipo, mensaje))
    return resultado(bloque["id"], valor)
