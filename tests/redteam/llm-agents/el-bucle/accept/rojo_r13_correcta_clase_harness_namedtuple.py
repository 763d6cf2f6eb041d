# right: a Harness class holding model and entorno, returning a namedtuple (estado, texto, M)
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from collections import namedtuple

Salida = namedtuple("Salida", ["estado", "texto", "M"])


class Harness:
    def __init__(self, modelo, entorno):
        self.modelo = modelo
        self.entorno = entorno

    def turno(self, M):
        """Invoca al modelo una vez; devuelve la respuesta y sus llamadas."""
        r = self.modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        return r, [b for b in r if b["type"] == "tool_use"]

    def observa(self, M, llamadas):
        M.append(("usuario", [ejecutar(b, self.entorno) for b in llamadas]))

    def corre(self, inicio, tope):
        M = list(inicio)
        for _ in range(tope):
            r, llamadas = self.turno(M)
            if not llamadas:
                return Salida("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
            self.observa(M, llamadas)
        return Salida("tope", None, M)


def bucle(modelo, inicio, entorno, tope):
    return Harness(modelo, entorno).corre(inicio, tope)
