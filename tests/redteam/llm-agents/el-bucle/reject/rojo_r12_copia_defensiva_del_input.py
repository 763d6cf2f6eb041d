# mistake: le pasa a ejecutar una copia del bloque con dict(b["input"]) "por si la herramienta toca los argumentos"; si input no es un diccionario revienta con TypeError antes de que ejecutar lo rechace con su ValueError
# fails: conversacion
# says: las llamadas de una respuesta
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
            # copia, para que ninguna herramienta pueda cambiar el bloque guardado en M
            copia = {**b, "input": dict(b["input"])}
            obs.append(ejecutar(copia, entorno))
        M.append(("usuario", obs))
    return ("tope", None, M)
