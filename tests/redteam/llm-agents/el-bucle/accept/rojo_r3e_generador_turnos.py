# style: A generator yields each response; bucle drives it with a counted for over zip(range(tope), ...).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _turnos(modelo, M):
    while True:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        yield r


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    if tope <= 0:
        return ("tope", None, M)
    for k, r in enumerate(_turnos(modelo, M), start=1):
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        if k == tope:
            return ("tope", None, M)
