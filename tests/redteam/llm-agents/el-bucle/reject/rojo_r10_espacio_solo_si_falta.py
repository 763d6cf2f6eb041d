# mistake: une los textos "con cuidado", poniendo el espacio solo si no lo hay ya al final del anterior o al principio del siguiente, para no dejar dos espacios; el enunciado pide " ".join sin tocar nada
# fails: generadas
# says: al terminar, texto junta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def _une(textos):
    partes = []
    for t in textos:
        if partes and not partes[-1].endswith(" ") and not t.startswith(" "):
            partes.append(" ")
        partes.append(t)
    return "".join(partes)


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", _une(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
