# mistake: A tope of 0 is taken as 'no tope given' and replaced by 10, so the model gets called when it must never be.
# fails: generadas
# says: nunca se llama al modelo más de
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

TOPE_POR_DEFECTO = 10

def bucle(modelo, inicio, entorno, tope=None):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    tope = tope or TOPE_POR_DEFECTO  # por si alguien llama sin tope
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
