# Un generador hace un turno en cada next(); bucle cuenta los turnos y recoge su final.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def turnos(modelo, M, entorno):
    # Cada next() hace un turno; el texto final es el valor de retorno del generador.
    while True:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return " ".join(b["text"] for b in r if b["type"] == "text")
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        yield

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    pasos = turnos(modelo, M, entorno)
    for _ in range(tope):
        try:
            next(pasos)
        except StopIteration as fin:
            return "fin", fin.value, M
    return "tope", None, M
