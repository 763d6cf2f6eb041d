# mistake: teme que un generador devuelto lance fuera del try cuando alguien lo recorra y lo sustituye por otro generador que atrapa sus errores; el valor debe ir tal cual en resultado(id, valor), sin recorrerlo ni cambiarlo
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import inspect


def _sin_sustos(generador):
    """Recorre el generador, pero si lanza, da el error como un elemento más."""
    try:
        yield from generador
    except Exception as e:
        yield "%s: %s" % (type(e).__name__, e)


def _fallo(bloque, contenido):
    return {"type": "tool_result", "tool_use_id": bloque["id"],
            "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return _fallo(bloque, motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return _fallo(bloque, "%s: %s" % (type(e).__name__, e))
    if inspect.isgenerator(valor):
        # Un generador lanzaría sus errores fuera de este try, al recorrerlo.
        valor = _sin_sustos(valor)
    return resultado(bloque["id"], valor)
