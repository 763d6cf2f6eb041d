# mistake: antes de guardar la respuesta en M junta los bloques de texto seguidos en uno solo «para que M ocupe menos», así que M ya no guarda la respuesta entera
# fails: generadas
# says: M guarda cada respuesta entera
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def compacta(r):
    """Une los bloques de texto consecutivos: mismo contenido, menos bloques."""
    if not any(a["type"] == b["type"] == "text" for a, b in zip(r, r[1:])):
        return r  # nada que juntar
    salida = []
    for b in r:
        if b["type"] == "text" and salida and salida[-1]["type"] == "text":
            salida[-1] = texto(salida[-1]["text"] + " " + b["text"])
        else:
            salida.append(b)
    return salida


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = compacta(modelo(M, HERRAMIENTAS))
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
