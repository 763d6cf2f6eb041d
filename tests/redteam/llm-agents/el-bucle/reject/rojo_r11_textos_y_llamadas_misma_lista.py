# mistake: inicializa las dos listas con una asignación encadenada, textos = llamadas = [], así que son la misma lista: los textos cuentan como llamadas y se mandan a ejecutar
# fails: conversacion
# says: bucle con tope = 10, inicio = la de la
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
        textos = llamadas = []
        for b in r:
            if b["type"] == "tool_use":
                llamadas.append(b)
            elif b["type"] == "text":
                textos.append(b)
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in textos), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
