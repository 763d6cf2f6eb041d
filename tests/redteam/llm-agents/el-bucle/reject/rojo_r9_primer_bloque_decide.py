# mistake: decide si la respuesta trae llamadas mirando solo su primer bloque; una respuesta con texto o thinking delante de la llamada se toma por final
# fails: conversacion
# says: bucle con tope
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
        # Si el modelo quiere herramientas, empieza pidiéndolas.
        if not r or r[0]["type"] != "tool_use":
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        llamadas = [b for b in r if b["type"] == "tool_use"]
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
