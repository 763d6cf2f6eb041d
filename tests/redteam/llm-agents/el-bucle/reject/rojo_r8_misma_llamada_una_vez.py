# mistake: salta una llamada que ya vio por su id() de Python: la misma llamada, el mismo objeto, dos veces en una respuesta, se ejecuta una sola vez.
# fails: generadas
# says: también las repetidas
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
        # iguales sí se ejecutan dos veces; la misma, repetida en la lista, una sola
        vistas = set()
        observaciones = []
        for b in llamadas:
            if id(b) in vistas:
                continue
            vistas.add(id(b))
            observaciones.append(ejecutar(b, entorno))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
