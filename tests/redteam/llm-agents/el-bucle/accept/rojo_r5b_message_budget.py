# style: Counts the budget in messages: each continuing turn adds exactly two, so the loop runs while len(M) < len(inicio) + 2*tope.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    limite = len(M) + 2 * tope  # cada turno que no termina añade respuesta y observaciones
    while len(M) < limite:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if any(b["type"] == "tool_use" for b in r):
            M.append(("usuario", [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]))
            continue
        return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    return ("tope", None, M)
