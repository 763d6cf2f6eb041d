# style: a countdown of remaining turns with while True, slice copy of inicio and += to grow M.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = inicio[:]
    quedan = tope
    while True:
        if quedan <= 0:
            return ("tope", None, M)
        quedan -= 1
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        pide = [b for b in r if b.get("type") == "tool_use"]
        if pide:
            M += [("usuario", [ejecutar(ll, entorno) for ll in pide])]
            continue
        return "fin", " ".join([b["text"] for b in r if b.get("type") == "text"]), M
