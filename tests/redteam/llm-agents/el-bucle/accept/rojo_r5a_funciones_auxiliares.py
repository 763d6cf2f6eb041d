# style: Small helper functions for the calls, the text and the observations, with the loop reduced to a few lines.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _llamadas(r):
    return [b for b in r if b.get("type") == "tool_use"]


def _texto(r):
    return " ".join(b["text"] for b in r if b.get("type") == "text")


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
            return ("fin", _texto(r), M)
        M.append(_observaciones(llamadas, entorno))
    return ("tope", None, M)
