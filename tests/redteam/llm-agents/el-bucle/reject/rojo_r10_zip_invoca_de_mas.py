# mistake: limita las invocaciones con zip(respuestas, range(tope)) poniendo primero el iterador que invoca al modelo; al agotarse range, zip ya ha pedido (e invocado) una respuesta más, que se tira
# fails: conversacion
# says: nunca se llama al modelo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    respuestas = iter(lambda: modelo(M, HERRAMIENTAS), None)   # una invocación por vuelta
    for r, _ in zip(respuestas, range(tope)):
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
