# style: while True with the tope check at the top and a separate helper for the text
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _texto_de(r):
    return " ".join(b["text"] for b in r if b["type"] == "text")


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    hechos = 0
    while True:
        if hechos == tope:
            return ("tope", None, M)
        hechos += 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if not any(b["type"] == "tool_use" for b in r):
            return ("fin", _texto_de(r), M)
        obs = []
        for b in r:
            if b["type"] == "tool_use":
                obs.append(ejecutar(b, entorno))
        M.append(("usuario", obs))
