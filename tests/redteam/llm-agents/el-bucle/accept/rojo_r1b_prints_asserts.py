# style: prints a trace of each turn and asserts the invariants along the way.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    assert tope >= 0, "tope negativo"
    M = list(inicio)
    for k in range(1, tope + 1):
        assert len(M) == len(inicio) + 2 * (k - 1)
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        print("turno", k, "bloques:", len(r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            texto_final = " ".join(b["text"] for b in r if b["type"] == "text")
            print("fin:", repr(texto_final))
            return ("fin", texto_final, M)
        obs = [ejecutar(ll, entorno) for ll in llamadas]
        assert len(obs) == len(llamadas)
        M.append(("usuario", obs))
        print("  observaciones:", len(obs))
    print("tope alcanzado:", tope)
    return ("tope", None, M)
