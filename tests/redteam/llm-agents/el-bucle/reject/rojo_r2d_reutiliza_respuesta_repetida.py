# mistake: If a response asks for exactly the same calls as the previous one, it reuses the previous observations instead of executing the calls again.
# fails: generadas
# says: las llamadas de una respuesta pasan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    anteriores, obs = None, None
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        if llamadas != anteriores:  # lo mismo que antes: no hace falta repetirlo
            obs = [ejecutar(ll, entorno) for ll in llamadas]
            anteriores = llamadas
        M.append(("usuario", obs))
    return ("tope", None, M)
