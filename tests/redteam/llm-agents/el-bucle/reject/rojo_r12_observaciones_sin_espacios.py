# mistake: para ahorrar tokens recorta con strip() el contenido de cada observación antes de añadirla a M; la observación debe llevar tal cual lo que devolvió la herramienta
# fails: generadas
# says: nunca se llama al modelo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        obs = []
        for b in llamadas:
            o = ejecutar(b, entorno)
            o["content"] = o["content"].strip()  # fuera saltos de línea sobrantes: menos tokens
            obs.append(o)
        M.append(("usuario", obs))
    return ("tope", None, M)
