# mistake: wraps exceptions from ejecutar in a RuntimeError with more context, so the original KeyError/ValueError does not leave as is.
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs = []
        for ll in llamadas:
            try:
                obs.append(ejecutar(ll, entorno))
            except Exception as e:
                raise RuntimeError("turno %d, llamada %s: %r" % (turno, ll["id"], e)) from e
        M.append(("usuario", obs))
    return ("tope", None, M)
