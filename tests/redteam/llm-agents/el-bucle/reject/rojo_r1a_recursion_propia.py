# mistake: bucle calls itself with the grown M as the new inicio, so each turn the model gets a new copy, not the one M, and the M returned (a copy made at the last level) is not the list the model received: with tope 1 and a model that asks for leer, the course's bucle returns the list the model got, this one another.
# fails: generadas
# says: un objeto nuevo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    if tope <= 0:
        return ("tope", None, M)
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return bucle(modelo, M, entorno, tope - 1)
