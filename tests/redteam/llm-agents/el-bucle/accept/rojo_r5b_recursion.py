# style: Recursive helper that plays one turn and recurses with one turn fewer.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _turno(modelo, M, entorno, quedan):
    if quedan == 0:
        return ("tope", None, M)
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return _turno(modelo, M, entorno, quedan - 1)


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    return _turno(modelo, M, entorno, tope)
