# style: an inner generator yields turns and the function consumes it fully before returning a tuple
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)

    def turnos():
        for _ in range(tope):
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                yield " ".join(b["text"] for b in r if b["type"] == "text")
                return
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
            yield None

    final = None
    for final in turnos():
        pass
    if final is None:
        return ("tope", None, M)
    return ("fin", final, M)
