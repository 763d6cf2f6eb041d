# style: A small class holds M for one run; a fresh instance per call plays the turns, results as a namedtuple.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from collections import namedtuple

Salida = namedtuple("Salida", "motivo texto mensajes")


class _Conversacion:
    def __init__(self, modelo, inicio, entorno):
        self.modelo = modelo
        self.entorno = entorno
        self.M = list(inicio)

    def turno(self):
        """Un turno. Devuelve (True, texto) si el modelo ha terminado, (False, None) si no."""
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return True, " ".join(b["text"] for b in r if b["type"] == "text")
        self.M.append(("usuario", [ejecutar(ll, self.entorno) for ll in llamadas]))
        return False, None


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    conversacion = _Conversacion(modelo, inicio, entorno)
    for _ in range(tope):
        terminado, texto_final = conversacion.turno()
        if terminado:
            return Salida("fin", texto_final, conversacion.M)
    return Salida("tope", None, conversacion.M)
