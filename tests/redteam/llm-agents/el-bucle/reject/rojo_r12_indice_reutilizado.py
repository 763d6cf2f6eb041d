# mistake: usa i como contador de turnos y vuelve a usar i en el enumerate de las llamadas; tras cada turno el contador queda en el número de llamadas, así que con una llamada por turno nunca llega al tope
# fails: conversacion
# says: el bucle solo termina
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    i = 0
    while i < tope:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs = []
        for i, b in enumerate(llamadas):
            obs.append(ejecutar(b, entorno))
        M.append(("usuario", obs))
        i += 1
    return ("tope", None, M)
