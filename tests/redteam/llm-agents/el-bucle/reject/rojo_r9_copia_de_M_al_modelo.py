# mistake: al modelo le pasa una copia de M (list(M)) «para que no pueda tocarla», no la propia lista M
# fails: conversacion
# says: el modelo recibe modelo(M
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
        r = modelo(list(M), HERRAMIENTAS)  # una copia: el modelo no puede estropear nuestra M
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
