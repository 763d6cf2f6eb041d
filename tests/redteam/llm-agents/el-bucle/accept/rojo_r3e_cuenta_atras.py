# style: Counts the remaining turns down: while quedan > 0.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = [*inicio]
    quedan = tope
    while quedan > 0:
        quedan -= 1
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join([b["text"] for b in r if b["type"] == "text"]), M)
        M += [("usuario", [ejecutar(ll, entorno) for ll in llamadas])]
    return ("tope", None, M)
