# style: reads the last response back from M[-1] after appending; M built with list comprehension copy.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = [m for m in inicio]
    for turno in range(1, tope + 1):
        M.append(("asistente", modelo(M, HERRAMIENTAS)))
        _, r = M[-1]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if len(llamadas) > 0:
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
            continue
        return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    return ("tope", None, M)
