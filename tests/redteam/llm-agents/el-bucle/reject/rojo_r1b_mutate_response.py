# mistake: strips the text blocks out of r in place to keep only the calls, which also changes the response already stored in M.
# fails: conversacion
# says: el modelo recibe modelo(M, HERRAMIENTAS), y
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
        textos = [b["text"] for b in r if b["type"] == "text"]
        r[:] = [b for b in r if b["type"] == "tool_use"]  # en r me quedo con las llamadas
        if not r:
            return ("fin", " ".join(textos), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in r]))
    return ("tope", None, M)
