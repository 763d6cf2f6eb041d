# style: returns a namedtuple Resultado(estado, texto, M), helpers for text and calls.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


from collections import namedtuple

Resultado = namedtuple("Resultado", "estado texto M")


def _texto_de(r):
    return " ".join(b["text"] for b in r if b["type"] == "text")


def _llamadas_de(r):
    return [b for b in r if b["type"] == "tool_use"]


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = _llamadas_de(r)
        if not llamadas:
            return Resultado("fin", _texto_de(r), M)
        M.append(("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas))))
    return Resultado("tope", None, M)
