# mistake: Detecta un modelo 'atascado' comparando las llamadas de cada turno (nombre y argumentos) con las del turno anterior y sale con tope si se repiten, así que un modelo que relee lista.txt dos veces seguidas y luego termina acaba en tope antes de tiempo.
# fails: generadas
# says: el bucle solo termina cuando una
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    anteriores = None
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        pedidas = [(ll["name"], ll["input"]) for ll in llamadas]
        if pedidas == anteriores:  # pide lo mismo otra vez: está atascado
            return "tope", None, M
        anteriores = pedidas
    return "tope", None, M
