# mistake: The assistant message is stored as texts first and calls after, so a response with a text block after a tool_use is saved reordered in M.
# fails: generadas
# says: nunca se llama al modelo más de
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
        textos = [b for b in r if b["type"] == "text"]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        otros = [b for b in r if b["type"] not in ("text", "tool_use")]
        M.append(("asistente", otros + textos + llamadas))
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in textos), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
