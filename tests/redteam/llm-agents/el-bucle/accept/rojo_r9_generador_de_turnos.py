# right: un generador interno que produce un estado por turno, recorrido con for y zip contra range(tope)
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)

    def turnos():
        while True:
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                yield " ".join(b["text"] for b in r if b["type"] == "text")
                return
            M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
            yield None

    if tope > 0:
        for numero, final in enumerate(turnos(), start=1):
            if final is not None:
                return ("fin", final, M)
            if numero >= tope:
                break
    return ("tope", None, M)
