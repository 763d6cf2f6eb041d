# mistake: It returns a list ['fin', texto, M] / ['tope', None, M] instead of a tuple, and a list never compares equal to the expected tuple.
# fails: conversacion
# says: bucle devuelve una tupla de tres elementos:
# fails: generadas
# says: bucle devuelve una tupla de tres elementos:
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    salida = ["tope", None, M]
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            salida[0] = "fin"
            salida[1] = " ".join(b["text"] for b in r if b["type"] == "text")
            break
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return salida
