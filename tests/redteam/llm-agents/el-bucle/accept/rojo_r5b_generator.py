# style: A generator yields the final reply (if any) while it appends turns to M; bucle consumes it.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _turnos(modelo, M, entorno, tope):
    """Juega hasta tope turnos sobre M; cede la respuesta final si el modelo termina."""
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            yield r
            return
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for final in _turnos(modelo, M, entorno, tope):
        return ("fin", " ".join(b["text"] for b in final if b["type"] == "text"), M)
    return ("tope", None, M)
