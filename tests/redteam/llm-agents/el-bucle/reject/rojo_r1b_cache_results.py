# mistake: caches ejecutar results by call across turns, so a repeated read after a write returns the stale observation and is not executed.
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
    M = list(inicio)
    hechas = {}  # cache: la misma llamada no se ejecuta dos veces
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs = []
        for ll in llamadas:
            clave = repr((ll["id"], ll["name"], sorted(ll["input"].items())))
            if clave not in hechas:
                hechas[clave] = ejecutar(ll, entorno)
            obs.append(hechas[clave])
        M.append(("usuario", obs))
    return ("tope", None, M)
