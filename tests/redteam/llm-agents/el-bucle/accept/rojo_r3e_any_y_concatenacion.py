# style: Uses any() to detect calls and builds the text by manual concatenation with a separator flag.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if not any(b["type"] == "tool_use" for b in r):
            texto, primero = "", True
            for b in r:
                if b["type"] == "text":
                    texto += ("" if primero else " ") + b["text"]
                    primero = False
            return ("fin", texto, M)
        obs = [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]
        M.append(("usuario", obs))
    return ("tope", None, M)
