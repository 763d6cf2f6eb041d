# style: small helper functions for the blocks and a namedtuple as the return value.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from collections import namedtuple

Salida = namedtuple("Salida", ["estado", "texto", "M"])


def _llamadas(r):
    return [b for b in r if b["type"] == "tool_use"]


def _texto(r):
    return " ".join(b["text"] for b in r if b["type"] == "text")


def _observaciones(llamadas, entorno):
    return ("usuario", [ejecutar(ll, entorno) for ll in llamadas])


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = _llamadas(r)
        if not llamadas:
            return Salida("fin", _texto(r), M)
        M.append(_observaciones(llamadas, entorno))
    return Salida("tope", None, M)
