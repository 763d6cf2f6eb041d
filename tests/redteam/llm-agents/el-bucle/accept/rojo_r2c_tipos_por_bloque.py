# style: classifies blocks with a dict of lists by type; texts joined with str.join over the 'text' bucket.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
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
        por_tipo = {}
        for b in r:
            por_tipo.setdefault(b["type"], []).append(b)
        if "tool_use" not in por_tipo:
            return ("fin", " ".join(b["text"] for b in por_tipo.get("text", [])), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in por_tipo["tool_use"]]))
    return ("tope", None, M)
