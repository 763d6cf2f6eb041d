# mistake: to keep "ninguna llamada sin su observación" even when a call fails, catches the exception, appends the observations so far plus an is_error one to M, then re-raises; errors are not to be caught: the observation message is only added once every call has run, so M must end with the assistant response
# fails: generadas
# says: lanzó RuntimeError
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
        try:
            for b in llamadas:
                observaciones.append(ejecutar(b, entorno))
        except Exception as e:
            # Ninguna llamada sin su observación: apunto el fallo y lo dejo salir.
            observaciones.append({"type": "tool_result", "tool_use_id": b.get("id"),
                                  "content": str(e), "is_error": True})
            M.append(("usuario", observaciones))
            raise
        M.append(("usuario", observaciones))
    return ("tope", None, M)
