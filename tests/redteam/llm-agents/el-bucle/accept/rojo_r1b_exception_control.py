# style: a private exception signals the end of the task; only that exception is caught, everything else propagates.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class _Terminado(Exception):
    def __init__(self, texto):
        super().__init__(texto)
        self.texto = texto


def _un_turno(modelo, M, entorno):
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        raise _Terminado(" ".join(b["text"] for b in r if b["type"] == "text"))
    M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    try:
        for _ in range(tope):
            _un_turno(modelo, M, entorno)
    except _Terminado as fin:
        return ("fin", fin.texto, M)
    return ("tope", None, M)
