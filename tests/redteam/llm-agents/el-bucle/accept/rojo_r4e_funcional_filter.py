exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def es_llamada(b):
    return b["type"] == "tool_use"


def es_texto(b):
    return b["type"] == "text"


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = [*inicio]
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = list(filter(es_llamada, r))
        if not llamadas:
            return "fin", " ".join(map(lambda b: b["text"], filter(es_texto, r))), M
        M.append(("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas))))
    return "tope", None, M
