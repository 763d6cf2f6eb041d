# mistake: "the answer is what comes after the reasoning": a thinking block resets the collected texts, so texts written before a thinking block are dropped from the "fin" text, though it must join all texts of the response
# fails: generadas
# says: al terminar, texto junta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def texto_final(r):
    textos = []
    for b in r:
        if b["type"] == "thinking":
            textos = []          # lo escrito antes de razonar no es la respuesta
        elif b["type"] == "text":
            textos.append(b["text"])
    return " ".join(textos)


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", texto_final(r), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
