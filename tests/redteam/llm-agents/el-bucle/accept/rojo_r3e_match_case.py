# style: Classifies blocks with match/case (Python 3.10+).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos, llamadas = [], []
        for b in r:
            match b["type"]:
                case "text":
                    textos.append(b["text"])
                case "tool_use":
                    llamadas.append(b)
                case _:
                    pass  # thinking y otros: sólo se guardan
        if not llamadas:
            return ("fin", " ".join(textos), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
