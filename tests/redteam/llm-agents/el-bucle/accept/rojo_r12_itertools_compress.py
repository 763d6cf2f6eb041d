# right: estilo funcional con itertools.compress y map para separar llamadas y textos
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from itertools import compress


def de_tipo(r, tipo):
    return list(compress(r, [b["type"] == tipo for b in r]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = de_tipo(r, "tool_use")
        if not llamadas:
            return ("fin", " ".join(map(lambda b: b["text"], de_tipo(r, "text"))), M)
        M.append(("usuario", list(map(lambda b: ejecutar(b, entorno), llamadas))))
    return ("tope", None, M)
