# right: trampoline (continuation-passing): each step returns the next step as a thunk or the final tuple
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)

    def invocar(quedan):
        if quedan <= 0:
            return ("tope", None, M)
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        return lambda: atender(r, quedan - 1)

    def atender(r, quedan):
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
        return lambda: invocar(quedan)

    paso = invocar(tope)
    while callable(paso):
        paso = paso()
    return paso
