# style: for ... else: the else branch returns the tope result; texts gathered with filter/map.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = inicio[:]
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        llamadas = list(filter(lambda b: b["type"] == "tool_use", r))
        if llamadas:
            M += [("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas)))]
            continue
        break
    else:
        return ("tope", None, M)
    textos = [b["text"] for b in r if b["type"] == "text"]
    return ("fin", " ".join(textos), M)
