# mistake: When the response has calls, stores only its tool_use blocks in M instead of the complete response.
# fails: conversacion
# says: el modelo recibe modelo(M, HERRAMIENTAS), y
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
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            M.append(("asistente", r))
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("asistente", llamadas))  # lo que importa de la respuesta: las llamadas
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
