# style: a countdown `while quedan:` with the observations built by an explicit index loop.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = inicio[:]
    quedan = tope
    while quedan:
        quedan -= 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        indices = [i for i in range(len(r)) if r[i]["type"] == "tool_use"]
        if not indices:
            partes = []
            i = 0
            while i < len(r):
                if r[i]["type"] == "text":
                    partes.append(r[i]["text"])
                i += 1
            return tuple(["fin", " ".join(partes), M])
        obs = []
        for i in indices:
            obs.append(ejecutar(r[i], entorno))
        M.append(("usuario", obs))
    return tuple(["tope", None, M])
