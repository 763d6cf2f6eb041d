# right: structural pattern matching (match/case) classifies each block in one pass, executing calls as they come
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
        textos, observaciones, ha_pedido = [], [], False
        for bloque in r:
            match bloque:
                case {"type": "tool_use"}:
                    ha_pedido = True
                    observaciones.append(ejecutar(bloque, entorno))
                case {"type": "text", "text": t}:
                    textos.append(t)
                case _:
                    pass  # thinking u otro tipo: se queda en M y nada más
        if not ha_pedido:
            return ("fin", " ".join(textos), M)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
