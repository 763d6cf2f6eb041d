# mistake: the loop ends only when the set of block types is exactly {'text'}, so a final answer with a thinking block (or an empty one) is not final and the model is called again.
# fails: generadas
# says: cuando una respuesta no incluye ningún
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

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
        if {b["type"] for b in r} == {"text"}:  # sólo habla: ha terminado
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        llamadas = [b for b in r if b["type"] == "tool_use"]
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
