# mistake: After a while loop with a compound condition it decides fin vs tope by the turn counter, so a final answer given on the last allowed turn is reported as tope.
# fails: generadas
# says: cuando una respuesta no incluye ningún
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos, llamadas, r = 0, None, []
    while turnos < tope and (llamadas is None or llamadas):
        r = modelo(M, HERRAMIENTAS)
        turnos += 1
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    if turnos == tope:
        return ("tope", None, M)
    return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
