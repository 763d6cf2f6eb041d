# mistake: when a call raises, the remaining calls of the turn are still executed and the first exception is re-raised only afterwards.
# fails: generadas
# says: si ejecutar o el modelo lanzan
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
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones, error = [], None
        for ll in llamadas:
            try:
                observaciones.append(ejecutar(ll, entorno))
            except Exception as e:
                if error is None:
                    error = e  # lo lanzo al final del turno
        if error is not None:
            raise error
        M.append(("usuario", observaciones))
    return ("tope", None, M)
