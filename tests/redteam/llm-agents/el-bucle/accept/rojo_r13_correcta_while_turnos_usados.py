# right: plain while loop with a counter of used turns and explicit nested loops, no comprehensions
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    usados = 0
    while usados < tope:
        r = modelo(M, HERRAMIENTAS)
        usados = usados + 1
        M.append(("asistente", r))
        observaciones = []
        hay_llamadas = False
        for bloque in r:
            if bloque["type"] == "tool_use":
                hay_llamadas = True
                observaciones.append(ejecutar(bloque, entorno))
        if not hay_llamadas:
            textos = []
            for bloque in r:
                if bloque["type"] == "text":
                    textos.append(bloque["text"])
            return ("fin", " ".join(textos), M)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
