exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


import copy


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = copy.copy(inicio)  # copia superficial: la lista es nueva, los mensajes los mismos
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        else:
            break
    else:
        return "tope", None, M
    return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
