# mistake: con tope 0 sale pronto devolviendo la propia lista inicio en vez de una M nueva (una copia)
# fails: generadas
# says: Falla en el primer caso generado. El más sencillo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    if tope == 0:
        return ("tope", None, inicio)  # nada que hacer: M sería igual a inicio
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
