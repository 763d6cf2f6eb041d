# style: while loop that decrements a 'restantes' counter, with a flag for the end.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    restantes = tope
    terminado = False
    texto_final = None
    while restantes > 0 and not terminado:
        restantes -= 1
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b.get("type") == "tool_use"]
        if llamadas:
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        else:
            terminado = True
            texto_final = " ".join(b["text"] for b in r if b.get("type") == "text")
    if terminado:
        return ("fin", texto_final, M)
    return ("tope", None, M)
