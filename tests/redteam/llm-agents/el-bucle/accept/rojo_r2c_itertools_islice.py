# style: iterates over itertools.repeat(None, tope); text built by accumulation with an explicit first flag.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


import itertools


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in itertools.repeat(None, tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        hay_llamadas = False
        for b in r:
            if b["type"] == "tool_use":
                hay_llamadas = True
        if not hay_llamadas:
            texto, primero = "", True
            for b in r:
                if b["type"] == "text":
                    texto = b["text"] if primero else texto + " " + b["text"]
                    primero = False
            return ("fin", texto, M)
        M.append(("usuario", [ejecutar(b, entorno) for b in r if b["type"] == "tool_use"]))
    return ("tope", None, M)
