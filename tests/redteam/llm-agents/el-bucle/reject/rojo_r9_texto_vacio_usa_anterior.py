# mistake: si la respuesta final no trae texto, devuelve como texto de "fin" el último texto que el modelo dijo en un turno anterior, en vez de ""
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
    ultimo_texto = ""
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos = [b["text"] for b in r if b["type"] == "text"]
        if textos:
            ultimo_texto = " ".join(textos)
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            # Que la persona reciba siempre algo: lo último que dijo el modelo.
            return ("fin", ultimo_texto, M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
