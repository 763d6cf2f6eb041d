# style: A for/else loop: break on a response without calls, else branch reports the cap; any() detects calls.
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
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if not any(b["type"] == "tool_use" for b in r):
            break
        M.append(("usuario", [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]))
    else:
        return ("tope", None, M)
    texto = " ".join([b["text"] for b in r if b["type"] == "text"])
    return ("fin", texto, M)
