# mistake: Cuenta en una variable del módulo los fallos de cada herramienta y, a partir del tercero, añade al content una sugerencia para el modelo, así que en llamadas sucesivas que fallan igual el content deja de ser 'Tipo: mensaje'.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


from collections import Counter

_FALLOS = Counter()  # cuántas veces ha fallado cada herramienta


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        _FALLOS[ll["name"]] += 1
        mensaje = "%s: %s" % (type(e).__name__, e)
        if _FALLOS[ll["name"]] >= 3:  # para que el modelo no se atasque
            mensaje += " (ya van %d fallos: prueba otra cosa)" % _FALLOS[ll["name"]]
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": mensaje, "is_error": True}
    return resultado(ll["id"], valor)
