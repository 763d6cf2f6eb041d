# Llama al modelo y ejecuta lo que pide, pero no añade nada a M.
# fails: conversacion
# says: el modelo recibe modelo(M, HERRAMIENTAS), y
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
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        for ll in llamadas:
            ejecutar(ll, entorno)
    return "tope", None, M
