# style: for loop that prints a trace of every turn with muestra().
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        print("turno %d: el modelo recibe %d mensajes" % (turno, len(M)))
        M.append(("asistente", r))
        for b in r:
            print("   ", muestra(b))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            texto_final = " ".join(b["text"] for b in r if b["type"] == "text")
            print("fin:", repr(texto_final))
            return ("fin", texto_final, M)
        observaciones = [ejecutar(ll, entorno) for ll in llamadas]
        for o in observaciones:
            print("   ", muestra(o))
        M.append(("usuario", observaciones))
    print("tope alcanzado tras", tope, "turnos")
    return ("tope", None, M)
