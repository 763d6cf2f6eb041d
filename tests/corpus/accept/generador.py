# Un generador da los turnos uno a uno; bucle lo consume y se queda con el último.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def turnos(modelo, M, entorno, tope):
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            yield "fin", " ".join(b["text"] for b in r if b["type"] == "text")
            return
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        yield "sigue", None

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    estado = "tope"
    texto = None
    for estado, texto in turnos(modelo, M, entorno, tope):
        pass
    if estado == "fin":
        return "fin", texto, M
    return "tope", None, M
