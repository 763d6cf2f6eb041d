# mistake: como la API no quiere dos mensajes seguidos del mismo rol, si M ya acaba en uno del asistente junta la respuesta con él en vez de añadir ("asistente", r); modifica un mensaje que ya estaba
# fails: generadas
# says: M guarda cada respuesta
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
        # Los roles tienen que alternarse: si lo último ya es del asistente,
        # la respuesta continúa ese mensaje.
        if M and M[-1][0] == "asistente":
            M[-1] = ("asistente", M[-1][1] + r)
        else:
            M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
