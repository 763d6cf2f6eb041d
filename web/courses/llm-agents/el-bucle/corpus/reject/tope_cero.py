# Llama al modelo una vez antes de mirar el tope: con tope 0 lo llama igual.
# fails: generadas
# says: nunca se llama al modelo más
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    hechos = 1
    llamadas = [b for b in r if b["type"] == "tool_use"]
    while llamadas:
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        if hechos == tope:
            return "tope", None, M
        r = modelo(M, HERRAMIENTAS)
        hechos += 1
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
    return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
