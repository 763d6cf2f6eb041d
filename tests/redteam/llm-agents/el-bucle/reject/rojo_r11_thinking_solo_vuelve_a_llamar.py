# mistake: si la respuesta solo trae bloques que no son texto ni llamada (p. ej. solo "thinking"), cree que el modelo aún está pensando y lo invoca otra vez; el enunciado dice que toda respuesta sin llamadas acaba el bucle con "fin"
# fails: generadas
# says: cuando una respuesta
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
        textos = [b["text"] for b in r if b["type"] == "text"]
        if not llamadas:
            if r and not textos:
                continue   # solo ha razonado y no ha dicho nada todavía: que siga
            return ("fin", " ".join(textos), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
