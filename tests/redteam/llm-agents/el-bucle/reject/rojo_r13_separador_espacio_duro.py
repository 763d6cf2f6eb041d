# mistake: the separator in the join was typed as a no-break space (U+00A0, Alt Gr/Option + space) instead of " "; it looks identical but texts must be joined with a plain space
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
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            textos = [b["text"] for b in r if b["type"] == "text"]
            return ("fin", " ".join(textos), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
