# mistake: devuelve solo los mensajes que ha añadido el bucle (M[len(inicio):]) porque repetir inicio le parece redundante; el enunciado devuelve la M entera, que empieza con inicio
# fails: conversacion
# says: M guarda cada respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    n = len(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            texto_final = " ".join(b["text"] for b in r if b["type"] == "text")
            return ("fin", texto_final, M[n:])   # lo de inicio ya lo tiene quien llama
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M[n:])
