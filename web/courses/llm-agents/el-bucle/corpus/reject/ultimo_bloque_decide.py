# Decide si el modelo ha terminado mirando sólo el último bloque: un texto detrás de las llamadas lo engaña.
# fails: generadas
# says: cuando una respuesta no incluye ningún
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not r or r[-1]["type"] == "text":
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return "tope", None, M
