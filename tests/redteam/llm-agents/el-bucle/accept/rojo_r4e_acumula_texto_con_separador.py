exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        hay_llamadas = False
        for b in r:
            if b["type"] == "tool_use":
                hay_llamadas = True
                break
        if not hay_llamadas:
            texto_final, sep = "", ""
            for b in r:
                if b["type"] == "text":
                    texto_final += sep + b["text"]
                    sep = " "
            return "fin", texto_final, M
        obs = []
        for b in r:
            if b["type"] == "tool_use":
                obs.append(ejecutar(b, entorno))
        M.append(("usuario", obs))
    return "tope", None, M
