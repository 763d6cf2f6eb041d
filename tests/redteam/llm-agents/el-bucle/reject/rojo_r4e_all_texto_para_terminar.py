# mistake: Sólo da el trabajo por terminado si todos los bloques de la respuesta son text, así que una respuesta con un bloque thinking y sin ninguna llamada no termina: añade ('usuario', []) y vuelve a llamar al modelo.
# fails: generadas
# says: cuando una respuesta no incluye ningún
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
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if all(b["type"] == "text" for b in r):  # sólo habla: ha terminado
            return "fin", " ".join(b["text"] for b in r), M
        M.append(("usuario", [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]))
    return "tope", None, M
