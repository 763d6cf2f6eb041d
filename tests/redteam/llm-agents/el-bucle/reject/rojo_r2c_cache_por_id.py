# mistake: observations are cached by call id across turns, so a later call reusing an id is not executed again and gets a stale observation.
# fails: generadas
# says: las llamadas de una respuesta pasan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    hechas = {}  # id -> observación: una llamada ya hecha no se repite
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones = []
        for ll in llamadas:
            if ll["id"] not in hechas:
                hechas[ll["id"]] = ejecutar(ll, entorno)
            observaciones.append(hechas[ll["id"]])
        M.append(("usuario", observaciones))
    return ("tope", None, M)
