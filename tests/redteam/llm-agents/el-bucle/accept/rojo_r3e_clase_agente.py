# style: A small class whose instance holds M for a single call; bucle creates a fresh one each time.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class _Agente:
    def __init__(self, modelo, inicio, entorno):
        self.modelo, self.entorno = modelo, entorno
        self.M = list(inicio)

    def turno(self):
        """Da un turno; devuelve el texto si el modelo ha terminado, o None."""
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return " ".join(b["text"] for b in r if b["type"] == "text")
        self.M.append(("usuario", [ejecutar(ll, self.entorno) for ll in llamadas]))
        return None


def bucle(modelo, inicio, entorno, tope):
    agente = _Agente(modelo, inicio, entorno)
    for _ in range(tope):
        texto = agente.turno()
        if texto is not None:
            return ("fin", texto, agente.M)
    return ("tope", None, agente.M)
