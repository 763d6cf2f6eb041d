# mistake: error messages longer than 200 characters are truncated with '...', instead of carrying the full 'Type: message' text.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

LARGO_MAXIMO = 200  # cada observación ocupa sitio en M en todos los turnos que quedan


def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        mensaje = "%s: %s" % (type(e).__name__, e)
        if len(mensaje) > LARGO_MAXIMO:
            mensaje = mensaje[:LARGO_MAXIMO - 3] + "..."
        return fallo(ll["id"], mensaje)
    return resultado(ll["id"], salida)
