# style: itertools.count limited with islice, plus a helper that splits blocks by type in one pass.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from itertools import count, islice


def _separa(r):
    textos, llamadas = [], []
    for b in r:
        if b["type"] == "text":
            textos.append(b["text"])
        elif b["type"] == "tool_use":
            llamadas.append(b)
    return textos, llamadas


def bucle(modelo, inicio, entorno, tope):
    M = [*inicio]
    for _turno in islice(count(1), tope):
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        textos, llamadas = _separa(r)
        if not llamadas:
            return "fin", " ".join(textos), M
        M += [("usuario", [ejecutar(ll, entorno) for ll in llamadas])]
    return "tope", None, M
