# mistake: Para dar más contexto vuelve a lanzar la excepción de ejecutar con el número de turno en el mensaje, así que el KeyError de leer('nada.txt') sale con otros argumentos y no tal cual.
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


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        observaciones = []
        for ll in llamadas:
            try:
                observaciones.append(ejecutar(ll, entorno))
            except Exception as e:
                # misma clase de excepción, pero diciendo en qué turno pasó
                raise type(e)("turno %d, llamada %s: %s" % (turno, ll["id"], e)) from e
        M.append(("usuario", observaciones))
    return "tope", None, M
