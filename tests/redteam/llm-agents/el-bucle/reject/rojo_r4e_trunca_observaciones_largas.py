# mistake: Recorta a 500 caracteres el contenido de las observaciones para que M no crezca demasiado, así que leer un fichero largo deja en M una observación distinta de la que devolvió ejecutar.
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


MAXIMO = 500  # caracteres por observación


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        observaciones = []
        for ll in llamadas:
            obs = ejecutar(ll, entorno)
            if isinstance(obs["content"], str) and len(obs["content"]) > MAXIMO:
                obs = resultado(obs["tool_use_id"], obs["content"][:MAXIMO])
            observaciones.append(obs)
        M.append(("usuario", observaciones))
    return "tope", None, M
