# mistake: Saca las llamadas con pop() desde el final y luego da la vuelta a las observaciones, así que el orden de las observaciones es el bueno pero las llamadas se ejecutan al revés (con [leer, escribir] sobre el mismo fichero la lectura ya ve lo escrito).
# fails: conversacion
# says: las llamadas de una respuesta pasan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        pendientes = [b for b in r if b["type"] == "tool_use"]
        if not pendientes:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        observaciones = []
        while pendientes:
            observaciones.append(ejecutar(pendientes.pop(), entorno))
        observaciones.reverse()  # para que queden en el orden de las llamadas
        M.append(("usuario", observaciones))
    return "tope", None, M
