# style: Bare 'except Exception:' that reads the exception through sys.exc_info(), with a generic observacion builder that adds is_error only when asked.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
import sys


def observacion(id, contenido, error=False):
    bloque = resultado(id, contenido)
    if error:
        bloque["is_error"] = True
    return bloque


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return observacion(ll["id"], motivo, error=True)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception:
        tipo, excepcion, _ = sys.exc_info()
        return observacion(ll["id"], "%s: %s" % (tipo.__name__, excepcion), error=True)
    return observacion(ll["id"], valor)
