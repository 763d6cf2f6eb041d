# right: cuenta atrás de turnos restantes y el texto final armado con formato % ("%s " repetido) quitando el último espacio
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def unir(textos):
    # "%s %s ... " con un hueco por texto; el último espacio sobra
    return ("%s " * len(textos) % tuple(textos))[:-1]


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    quedan = tope
    while quedan > 0:
        quedan -= 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", unir([b["text"] for b in r if b["type"] == "text"]), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
