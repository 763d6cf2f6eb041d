# style: generator that yields the observations of each turn; the caller drives it and reads the final state.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _observaciones(r, entorno):
    for b in r:
        if b["type"] == "tool_use":
            yield ejecutar(b, entorno)


def _vueltas(modelo, M, entorno, tope):
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if all(b["type"] != "tool_use" for b in r):
            yield ("fin", " ".join(b["text"] for b in r if b["type"] == "text"))
            return
        M.append(("usuario", list(_observaciones(r, entorno))))
        yield None


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for paso in _vueltas(modelo, M, entorno, tope):
        if paso is not None:
            return (paso[0], paso[1], M)
    return ("tope", None, M)
