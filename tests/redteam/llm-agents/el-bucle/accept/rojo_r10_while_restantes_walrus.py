# right: while con cuenta de turnos restantes, walrus y bucles for explícitos
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    restantes = tope
    while restantes > 0:
        restantes -= 1
        M.append(("asistente", r := modelo(M, HERRAMIENTAS)))
        if not any(b["type"] == "tool_use" for b in r):
            textos = []
            for b in r:
                if b["type"] == "text":
                    textos.append(b["text"])
            return "fin", " ".join(textos), M
        observaciones = []
        for b in r:
            if b["type"] == "tool_use":
                observaciones.append(ejecutar(b, entorno))
        M.append(("usuario", observaciones))
    return "tope", None, M
