# mistake: exceptions from ejecutar are re-raised as RuntimeError with a nicer message instead of leaving bucle as they are.
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
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones = []
        for ll in llamadas:
            try:
                observaciones.append(ejecutar(ll, entorno))
            except Exception as e:
                raise RuntimeError("falló la llamada %s: %s" % (ll["id"], e)) from e
        M.append(("usuario", observaciones))
    return ("tope", None, M)
