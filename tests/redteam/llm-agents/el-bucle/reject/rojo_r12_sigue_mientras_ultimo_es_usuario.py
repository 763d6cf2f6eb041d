# mistake: controla el bucle con "mientras el último mensaje de M sea del usuario" y decide fin/tope por el rol del último mensaje; si inicio ya acaba en un mensaje del asistente no invoca al modelo y devuelve ese texto
# fails: generadas
# says: lanzó IndexError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos = 0
    # Mientras lo último sea de la persona (el encargo o unas observaciones),
    # le toca al modelo.
    while M[-1][0] == "usuario" and turnos < tope:
        r = modelo(M, HERRAMIENTAS)
        turnos += 1
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    if M[-1][0] == "asistente":
        return ("fin", " ".join(b["text"] for b in M[-1][1] if b["type"] == "text"), M)
    return ("tope", None, M)
