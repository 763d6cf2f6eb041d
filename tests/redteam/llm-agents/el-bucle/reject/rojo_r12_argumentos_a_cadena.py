# mistake: "por si el modelo manda un número donde va una cadena" pasa a str los argumentos antes de ejecutar; así una llamada con argumentos del tipo equivocado ya no la rechaza ejecutar con ValueError
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
            # Todos los argumentos de las herramientas son cadenas: si el modelo
            # manda un número, se convierte en vez de fallar.
            arreglada = dict(b, input={k: str(v) for k, v in b["input"].items()})
            obs.append(ejecutar(arreglada, entorno))
        M.append(("usuario", obs))
    return ("tope", None, M)
