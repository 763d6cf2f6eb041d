# mistake: Al juntar los textos descarta los que están vacíos, de modo que una respuesta final [texto(''), texto('Listo')] termina con 'Listo' en lugar de ' Listo'.
# fails: generadas
# says: al terminar, texto junta los textos
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
    turno = 0
    while turno < tope:
        turno += 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if len(llamadas) == 0:
            textos = [b["text"] for b in r if b["type"] == "text" and b["text"]]
            return "fin", " ".join(textos), M
        observaciones = []
        for ll in llamadas:
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
    return "tope", None, M
