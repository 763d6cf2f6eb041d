# mistake: refactor into a helper that returns the final text or None, then tests it with "if final:"; a final response whose text is "" (empty, only thinking, or texto("")) is taken for "not finished" and the loop keeps invoking the model
# fails: generadas
# says: cuando una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def un_turno(modelo, M, entorno):
    """Invoca al modelo una vez. Devuelve el texto final si ha terminado, o None si ha pedido algo."""
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        return " ".join(b["text"] for b in r if b["type"] == "text")
    M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return None


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        final = un_turno(modelo, M, entorno)
        if final:
            return ("fin", final, M)
    return ("tope", None, M)
