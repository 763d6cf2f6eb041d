# mistake: catches ValueError/KeyError from ejecutar and skips that call, so a call to leer with a missing path (or one breaking its schema) doesn't raise out of bucle and the model is called again.
# fails: generadas
# says: si ejecutar o el modelo lanzan una
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

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
        observaciones = []
        for ll in llamadas:
            try:
                observaciones.append(ejecutar(ll, entorno))
            except (ValueError, KeyError):
                pass                      # una llamada rota no debe tumbar el bucle
        M.append(("usuario", observaciones))
    return ("tope", None, M)
