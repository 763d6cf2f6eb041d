# Usa la última línea del traceback, que no siempre es "%s: %s" % (type(e).__name__, e): una clase definida en un módulo lleva su ruta.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import traceback

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        observacion = resultado(ll["id"], motivo)
        observacion["is_error"] = True
        return observacion
    herramienta = FUNCIONES[ll["name"]]
    try:
        salida = herramienta(entorno, **ll["input"])
    except Exception as e:
        # La última línea del traceback es justo «Tipo: mensaje».
        ultima = traceback.format_exception_only(type(e), e)[-1].strip()
        return dict(resultado(ll["id"], ultima), is_error=True)
    else:
        return resultado(ll["id"], salida)
