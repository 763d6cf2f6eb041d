# style: An inner generator yields each model response (at most tope of them) and the outer for loop decides and executes.
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

    def respuestas():
        for _ in range(tope):
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            yield r

    for r in respuestas():
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        else:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    return ("tope", None, M)
