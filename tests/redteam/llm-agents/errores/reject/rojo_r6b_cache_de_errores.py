# mistake: failing calls are cached and not run again, so leer(ruta='x.txt') after escribir(ruta='x.txt', ...) created the file still returns the old KeyError and the tool is never called.
# fails: generadas
# says: si la herramienta lanza una Exception, cualquiera,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

_YA_FALLARON = {}  # para no repetir una llamada que ya sabemos que falla

def fallo(id, mensaje):
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    clave = (ll["name"], repr(sorted(ll["input"].items())))
    if clave in _YA_FALLARON:
        return fallo(ll["id"], _YA_FALLARON[clave])
    try:
        salida = funcion(entorno, **ll["input"])
    except Exception as e:
        _YA_FALLARON[clave] = "%s: %s" % (type(e).__name__, e)
        return fallo(ll["id"], _YA_FALLARON[clave])
    return resultado(ll["id"], salida)
