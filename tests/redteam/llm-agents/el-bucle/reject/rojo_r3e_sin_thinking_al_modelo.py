# mistake: Optimisation: sends the model a version of M with the thinking blocks removed, so it does not see its complete earlier responses.
# fails: generadas
# says: el modelo recibe modelo(M, HERRAMIENTAS), y
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _sin_razonamiento(M):
    limpio = []
    for rol, contenido in M:
        if rol == "asistente" and isinstance(contenido, list):
            contenido = [b for b in contenido if b.get("type") != "thinking"]
        limpio.append((rol, contenido))
    return limpio


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(_sin_razonamiento(M), HERRAMIENTAS)  # el razonamiento no hace falta reenviarlo
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
