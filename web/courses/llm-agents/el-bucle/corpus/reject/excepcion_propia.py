# Lanza su propia subclase de BaseException.
# fails: conversacion
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Harto(BaseException):
    pass

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        if turno == 2:
            raise Harto("me rindo en el turno %d" % turno)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return "tope", None, M
