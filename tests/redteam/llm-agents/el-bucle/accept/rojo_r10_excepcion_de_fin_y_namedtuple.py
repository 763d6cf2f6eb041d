# right: el final del modelo sale con una excepción propia; devuelve una namedtuple
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


from collections import namedtuple

Resultado = namedtuple("Resultado", ["estado", "texto", "M"])


class _Terminado(Exception):
    def __init__(self, texto):
        super().__init__(texto)
        self.texto = texto


def _observaciones(r, entorno):
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        raise _Terminado(" ".join(b["text"] for b in r if b["type"] == "text"))
    return ("usuario", [ejecutar(b, entorno) for b in llamadas])


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    try:
        for _ in range(tope):
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            M.append(_observaciones(r, entorno))
    except _Terminado as fin:
        return Resultado("fin", fin.texto, M)
    return Resultado("tope", None, M)
