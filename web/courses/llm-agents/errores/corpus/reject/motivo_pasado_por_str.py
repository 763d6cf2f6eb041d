# Una clase de error para los dos fallos: el motivo de incumple pasa por str() y llega a content como texto, no tal cual (False da 'False').
# fails: generadas
# says: si incumple(bloque) da un motivo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

class FalloDeHerramienta(Exception):
    """Lo que se convierte en observación de error."""

def _corre(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        raise FalloDeHerramienta(motivo)
    herramienta = FUNCIONES[ll["name"]]
    try:
        return herramienta(entorno, **ll["input"])
    except Exception as e:
        raise FalloDeHerramienta("%s: %s" % (type(e).__name__, e)) from e

def ejecutar(ll, entorno):
    try:
        return resultado(ll["id"], _corre(ll, entorno))
    except FalloDeHerramienta as fallo:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": str(fallo), "is_error": True}
