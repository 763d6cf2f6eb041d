# mistake: añade un registro que imprime cada bloque con muestra() antes de ejecutarlo; con una llamada mal formada (input que no es un objeto) revienta con AttributeError en vez de dejar que ejecutar lance su ValueError
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        print("turno %d:" % turno)
        for b in r:
            print("   ", muestra(b))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
