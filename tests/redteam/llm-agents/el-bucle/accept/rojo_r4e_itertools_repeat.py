exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


from itertools import repeat


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in repeat(None, tope):
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        llamadas = [b for b in r if b.get("type") == "tool_use"]
        if llamadas:
            M += [("usuario", [ejecutar(ll, entorno) for ll in llamadas])]
            continue
        partes = [b["text"] for b in r if b.get("type") == "text"]
        return "fin", " ".join(partes), M
    return "tope", None, M
