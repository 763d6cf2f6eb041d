# style: helper returns either a final text or the observations message; bucle dispatches on isinstance.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _atiende(r, entorno):
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        return " ".join(b["text"] for b in r if b["type"] == "text")
    return ("usuario", [ejecutar(ll, entorno) for ll in llamadas])


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turnos = 0
    while turnos < tope:
        turnos += 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        salida = _atiende(r, entorno)
        if isinstance(salida, str):
            return ("fin", salida, M)
        M.append(salida)
    return ("tope", None, M)
