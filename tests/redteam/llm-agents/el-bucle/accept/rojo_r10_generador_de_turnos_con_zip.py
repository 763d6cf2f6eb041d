# right: un generador que avanza un turno por next(), y zip(range(tope), generador) para el tope
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def _turnos(modelo, M, entorno):
    """Cada next() es un turno: da None si hubo llamadas, o el texto final."""
    while True:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            yield " ".join(b["text"] for b in r if b["type"] == "text")
            return
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
        yield None


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    # range va delante: cuando se agota, zip para sin pedirle otro turno al generador
    for _, final in zip(range(tope), _turnos(modelo, M, entorno)):
        if final is not None:
            return ("fin", final, M)
    return ("tope", None, M)
