# mistake: trata un fallo de ejecutar como pasajero y reintenta esa llamada una vez antes de dejar salir el error; el enunciado dice que un error no se atrapa y sale tal cual
# fails: generadas
# says: si ejecutar o el modelo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def _ejecuta_con_reintento(bloque, entorno):
    try:
        return ejecutar(bloque, entorno)
    except Exception:
        return ejecutar(bloque, entorno)   # otra oportunidad; si vuelve a fallar, el error sale


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [_ejecuta_con_reintento(b, entorno) for b in llamadas]))
    return ("tope", None, M)
