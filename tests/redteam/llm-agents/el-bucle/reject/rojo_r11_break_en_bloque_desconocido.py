# mistake: al recorrer los bloques usa break (en vez de continue) para "saltarse" un bloque de otro tipo; deja de mirar la respuesta en el primer bloque thinking y no ve las llamadas ni los textos que vienen detrás
# fails: generadas
# says: al terminar, texto junta
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
        textos, llamadas = [], []
        for b in r:
            if b["type"] == "tool_use":
                llamadas.append(b)
            elif b["type"] == "text":
                textos.append(b["text"])
            else:
                break   # thinking u otro tipo: no nos interesa, lo saltamos
        if not llamadas:
            return ("fin", " ".join(textos), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
