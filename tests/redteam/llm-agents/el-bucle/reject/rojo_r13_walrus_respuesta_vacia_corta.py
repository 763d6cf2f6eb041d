# mistake: Pythonic rewrite "while turnos < tope and (r := modelo(M, HERRAMIENTAS)):" uses the response's truthiness as the loop condition, so an empty response stops the loop like the tope: it is not stored and bucle returns "tope" instead of ("fin", "", M)
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
    turnos = 0
    while turnos < tope and (r := modelo(M, HERRAMIENTAS)):
        turnos += 1
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
