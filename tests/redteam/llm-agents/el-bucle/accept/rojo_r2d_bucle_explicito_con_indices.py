# style: explicit index loops with append instead of comprehensions and a tuple() call at the end
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = []
    for mensaje in inicio:
        M.append(mensaje)
    turno = 0
    estado, texto_final = "tope", None
    while turno < tope:
        turno = turno + 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas, textos = [], []
        for i in range(len(r)):
            if r[i]["type"] == "tool_use":
                llamadas.append(r[i])
            elif r[i]["type"] == "text":
                textos.append(r[i]["text"])
        if len(llamadas) == 0:
            estado, texto_final = "fin", " ".join(textos)
            break
        observaciones = []
        for i in range(len(llamadas)):
            observaciones.append(ejecutar(llamadas[i], entorno))
        M.append(("usuario", observaciones))
    return tuple([estado, texto_final, M])
