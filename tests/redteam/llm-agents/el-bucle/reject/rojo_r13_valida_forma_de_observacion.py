# mistake: defensive check that every observation is a dict tool_result whose tool_use_id matches its call; but whatever the ejecutar in use returns (looked up by name, possibly redefined later) is the observation and must go into M as is
# fails: generadas
# says: lanzó ValueError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones = []
        for b in llamadas:
            obs = ejecutar(b, entorno)
            # Ninguna llamada sin SU observación: compruebo que de verdad le corresponde.
            if not isinstance(obs, dict) or obs.get("tool_use_id") != b.get("id"):
                raise ValueError("la observación de %r no corresponde a la llamada" % b.get("id"))
            observaciones.append(obs)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
