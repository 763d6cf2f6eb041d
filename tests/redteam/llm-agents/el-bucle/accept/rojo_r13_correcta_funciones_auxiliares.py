# right: small helper functions (es_llamada, texto_de, observaciones_de, un_turno) with an explicit None check
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def es_llamada(bloque):
    return bloque["type"] == "tool_use"


def texto_de(respuesta):
    return " ".join(b["text"] for b in respuesta if b["type"] == "text")


def observaciones_de(llamadas, entorno):
    return [ejecutar(b, entorno) for b in llamadas]


def un_turno(modelo, M, entorno):
    """Un turno del bucle. Devuelve el texto final si el modelo ha terminado y None si ha pedido algo."""
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if es_llamada(b)]
    if not llamadas:
        return texto_de(r)
    M.append(("usuario", observaciones_de(llamadas, entorno)))
    return None


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        final = un_turno(modelo, M, entorno)
        if final is not None:
            return ("fin", final, M)
    return ("tope", None, M)
