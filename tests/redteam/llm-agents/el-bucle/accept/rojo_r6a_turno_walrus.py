# style: A helper that plays one turn and returns the final tuple or None, driven by a for loop with the walrus operator.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _un_turno(modelo, M, entorno):
    """Un turno completo sobre M. Devuelve la salida final, o None si hay que seguir."""
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if llamadas:
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        return None
    return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        if (salida := _un_turno(modelo, M, entorno)) is not None:
            return salida
    return ("tope", None, M)
