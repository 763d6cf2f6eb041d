# mistake: comprobación defensiva del protocolo: si lo que devuelve ejecutar no es un tool_result con el id de su llamada, lo envuelve con resultado(id, ...); la observación es exactamente lo que devuelva ejecutar, también una ejecutar nueva
# fails: generadas
# says: nunca se llama al modelo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def _es_resultado_de(obs, bloque):
    return (isinstance(obs, dict) and obs.get("type") == "tool_result"
            and obs.get("tool_use_id") == bloque["id"])


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
            if not _es_resultado_de(obs, b):      # el protocolo exige su tool_result
                obs = resultado(b["id"], obs)
            observaciones.append(obs)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
