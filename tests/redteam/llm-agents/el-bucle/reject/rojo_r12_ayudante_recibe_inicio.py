# mistake: saca un turno a una función auxiliar, pero en el bucle le pasa inicio en vez de la M acumulada; cada turno vuelve a empezar desde inicio y el modelo nunca ve las observaciones anteriores
# fails: conversacion
# says: el modelo recibe modelo(M
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def un_turno(modelo, M, entorno):
    """Invoca al modelo una vez sobre una copia de M. Devuelve la M nueva y si hubo llamadas."""
    M = list(M)
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if llamadas:
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return M, bool(llamadas)


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        M, hubo_llamadas = un_turno(modelo, inicio, entorno)
        if not hubo_llamadas:
            r = M[-1][1]
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    return ("tope", None, M)
