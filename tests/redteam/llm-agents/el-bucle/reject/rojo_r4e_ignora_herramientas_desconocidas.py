# mistake: Filtra las llamadas a herramientas que no están en FUNCIONES 'para no romper nada', así que una llamada a una herramienta inexistente (borrar) no llega a ejecutar y no sale el ValueError: el bucle termina como si no hubiera llamadas.
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
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        # sólo las llamadas que sé atender
        llamadas = [b for b in r if b.get("type") == "tool_use" and b.get("name") in FUNCIONES]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return "tope", None, M
