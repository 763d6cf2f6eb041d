# style: small helper functions (llamadas_de, texto_de, observa) and a for loop.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def llamadas_de(respuesta):
    return [b for b in respuesta if b["type"] == "tool_use"]


def texto_de(respuesta):
    return " ".join(b["text"] for b in respuesta if b["type"] == "text")


def observa(llamadas, entorno):
    return ("usuario", [ejecutar(ll, entorno) for ll in llamadas])


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        if not llamadas_de(respuesta):
            return ("fin", texto_de(respuesta), M)
        M.append(observa(llamadas_de(respuesta), entorno))
    return ("tope", None, M)
