# mistake: en el último turno permitido invoca al modelo con una lista de herramientas vacía «para forzarle a contestar», en vez de pasarle siempre HERRAMIENTAS
# fails: conversacion
# says: el modelo recibe modelo(M
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for turno in range(tope):
        ultimo = turno == tope - 1
        # En el último turno ya no tiene sentido que pida herramientas: que conteste.
        r = modelo(M, [] if ultimo else HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
