# style: M.extend with one-element lists and functools.reduce to join the texts
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from functools import reduce


def bucle(modelo, inicio, entorno, tope):
    M = []
    M.extend(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.extend([("asistente", r)])
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            textos = [b["text"] for b in r if b["type"] == "text"]
            unido = reduce(lambda a, b: a + " " + b, textos) if textos else ""
            return ("fin", unido, M)
        M.extend([("usuario", [ejecutar(ll, entorno) for ll in llamadas])])
    return ("tope", None, M)
