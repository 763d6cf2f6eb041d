# style: Refactored into small helper functions (llamadas_de, texto_de, observa).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def llamadas_de(r):
    return [b for b in r if b["type"] == "tool_use"]


def texto_de(r):
    return " ".join(b["text"] for b in r if b["type"] == "text")


def observa(llamadas, entorno):
    return ("usuario", [ejecutar(ll, entorno) for ll in llamadas])


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if not llamadas_de(r):
            return ("fin", texto_de(r), M)
        M.append(observa(llamadas_de(r), entorno))
    return ("tope", None, M)
