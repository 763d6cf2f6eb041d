# mistake: Al agotar el tope le da al modelo una última oportunidad de cerrar con texto y lo llama una vez más, así que un modelo que habría terminado justo en el turno tope+1 acaba en fin y el modelo se llama más de tope veces.
# fails: conversacion
# says: nunca se llama al modelo más
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

    def turno():
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
            return None
        return " ".join(b["text"] for b in r if b["type"] == "text")

    for _ in range(tope):
        texto_final = turno()
        if texto_final is not None:
            return "fin", texto_final, M
    # se acabaron los turnos: una última vez, por si ya puede contestar
    texto_final = turno()
    if texto_final is not None:
        return "fin", texto_final, M
    return "tope", None, M
