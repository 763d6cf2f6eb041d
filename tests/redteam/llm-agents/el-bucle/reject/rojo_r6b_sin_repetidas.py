# mistake: skips a call identical to one already executed in the same response, so two identical tool_use blocks in one answer run only once and get only one observation.
# fails: generadas
# says: las llamadas de una respuesta pasan todas
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
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones, hechas = [], []
        for ll in llamadas:
            if ll in hechas:              # ya la hemos hecho: no repetir trabajo
                continue
            hechas.append(ll)
            observaciones.append(ejecutar(ll, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
