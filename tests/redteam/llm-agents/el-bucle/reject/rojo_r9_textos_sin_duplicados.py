# mistake: al unir los textos de la respuesta final quita los repetidos (dict.fromkeys), «por si el modelo se repite»
# fails: generadas
# says: al terminar, texto junta los textos de los bloques text de la última respuesta
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
            textos = [b["text"] for b in r if b["type"] == "text"]
            # Sin repetir frases, pero manteniendo el orden.
            return ("fin", " ".join(dict.fromkeys(textos)), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
