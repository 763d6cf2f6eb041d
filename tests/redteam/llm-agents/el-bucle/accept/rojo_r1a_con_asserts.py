# style: for loop with asserts on the arguments and on the invariants of M.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    assert isinstance(tope, int) and tope >= 0, "tope debe ser un entero >= 0"
    M = list(inicio)
    n0 = len(M)
    for k in range(1, tope + 1):
        assert len(M) == n0 + 2 * (k - 1)       # M sólo crece, dos mensajes por turno
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs = [ejecutar(ll, entorno) for ll in llamadas]
        assert len(obs) == len(llamadas)        # ninguna llamada sin su observación
        M.append(("usuario", obs))
    return ("tope", None, M)
