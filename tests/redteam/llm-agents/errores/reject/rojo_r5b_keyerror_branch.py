# mistake: KeyError gets its own except branch with a hard-coded 'KeyError' prefix, so a KeyError subclass raised by the tool is reported under the wrong type name.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,

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
        salida = funcion(entorno, **ll["input"])
    except KeyError as e:  # el caso de leer: una ruta que no existe
        return fallo(ll["id"], "KeyError: %s" % (e,))
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], salida)
