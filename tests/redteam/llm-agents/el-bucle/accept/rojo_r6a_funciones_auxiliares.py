# style: Small helper functions (llamadas_de, texto_de, observar) and a for/else that returns the cap result when the loop is exhausted.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def llamadas_de(respuesta):
    return [b for b in respuesta if b["type"] == "tool_use"]

def texto_de(respuesta):
    return " ".join(b["text"] for b in respuesta if b["type"] == "text")

def observar(llamadas, entorno):
    return ("usuario", [ejecutar(ll, entorno) for ll in llamadas])

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        llamadas = llamadas_de(respuesta)
        if not llamadas:
            break
        M.append(observar(llamadas, entorno))
    else:
        return ("tope", None, M)
    return ("fin", texto_de(respuesta), M)
