# mistake: since a returned generator only fails when iterated, it wraps it in another generator that turns those errors into text; it does not iterate it, but the observation no longer carries the value the tool returned, which the statement requires (valor, sea lo que sea, un generador incluido)
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
import inspect


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def protegido(generador):
    """El mismo generador, pero sus errores salen como texto al recorrerlo."""
    try:
        yield from generador
    except Exception as e:
        yield "%s: %s" % (type(e).__name__, e)


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    if inspect.isgenerator(valor):
        valor = protegido(valor)  # no se recorre: solo se envuelve
    return resultado(bloque["id"], valor)
