# style: a small helper runs the tool and returns an (ok, value-or-message) pair, and ejecutar assembles the block.

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def _invoca(funcion, entorno, argumentos):
    """(True, lo que devolvió) o (False, 'Tipo: mensaje'): sólo la llamada va en el try."""
    try:
        valor = funcion(entorno, **argumentos)
    except Exception as e:
        return False, "%s: %s" % (type(e).__name__, e)
    return True, valor


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        ok, contenido = False, motivo
    else:
        ok, contenido = _invoca(FUNCIONES[ll["name"]], entorno, ll["input"])
    bloque = resultado(ll["id"], contenido)
    if not ok:
        bloque["is_error"] = True
    return bloque
