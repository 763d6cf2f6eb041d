# style: a bare-Exception handler that reads the exception with sys.exc_info() and formats it with a %-tuple, keeping the successful path at the end.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import sys

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        obs = resultado(ll["id"], motivo)
        obs["is_error"] = True
        return obs
    f = FUNCIONES[ll["name"]]
    try:
        devuelto = f(entorno, **ll["input"])
    except Exception:
        tipo, valor, _ = sys.exc_info()
        obs = resultado(ll["id"], "%s: %s" % (tipo.__name__, valor))
        obs["is_error"] = True
        return obs
    return resultado(ll["id"], devuelto)

print(ejecutar(llamada("t1", "leer", fichero="tortilla"), dict(ENTORNO)))
print(ejecutar(llamada("t2", "leer", ruta="tortilla.txt"), dict(ENTORNO)))
