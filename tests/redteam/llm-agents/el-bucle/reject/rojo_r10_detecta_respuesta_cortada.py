# mistake: aplica la sección «Cuando la respuesta llega cortada» a mano: si el último texto no acaba en un signo de cierre, cree que falta respuesta y vuelve a invocar al modelo; en el curso una respuesta sin llamadas siempre es el final
# fails: generadas
# says: cuando una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


CIERRES = (".", "!", "?", ":", ")", "»", '"')


def _parece_cortada(r):
    """Sin stop_reason, una respuesta que acaba a media frase se ha quedado sin tokens."""
    textos = [b["text"] for b in r if b["type"] == "text"]
    return bool(textos) and not textos[-1].rstrip().endswith(CIERRES)


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            if _parece_cortada(r):
                continue   # que termine de escribir en el turno siguiente
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
