# mistake: quita del mensaje de observaciones las que vienen vacías (content ""), «para no mandar al modelo resultados sin nada», y esa llamada se queda sin su tool_result
# fails: generadas
# says: nunca se llama al modelo más de tope veces
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
        observaciones = [ejecutar(bloque, entorno) for bloque in llamadas]
        # Un resultado vacío no le dice nada al modelo: no lo mandamos.
        M.append(("usuario", [o for o in observaciones if o["content"] != ""]))
    return ("tope", None, M)
