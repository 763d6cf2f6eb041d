# style: a helper turno() that runs one turn and returns the final text or None; tope check at the top of a while True.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def turno(modelo, M, entorno):
    """Un turno: llama al modelo, guarda su respuesta y, si pide algo, las observaciones.
    Devuelve el texto final si el modelo ha terminado, o None si ha pedido herramientas."""
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        return " ".join(b["text"] for b in r if b["type"] == "text")
    M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    dados = 0
    while True:
        if dados == tope:
            return ("tope", None, M)
        dados += 1
        final = turno(modelo, M, entorno)
        if final is not None:
            return ("fin", final, M)
