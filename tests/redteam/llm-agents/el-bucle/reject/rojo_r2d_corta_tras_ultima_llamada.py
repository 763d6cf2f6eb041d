# mistake: Slices the response up to its last tool_use before storing it, dropping texts that come after the calls.
# fails: generadas
# says: nunca se llama al modelo más
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        indices = [i for i, b in enumerate(r) if b["type"] == "tool_use"]
        if not indices:
            M.append(("asistente", r))
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        r = r[:indices[-1] + 1]  # lo que va detrás de la última llamada sobra
        M.append(("asistente", r))
        M.append(("usuario", [ejecutar(r[i], entorno) for i in indices]))
    return ("tope", None, M)
