# style: a small class holding M; bucle builds a new instance on every call.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Agente:
    def __init__(self, modelo, inicio, entorno):
        self.modelo = modelo
        self.M = list(inicio)
        self.entorno = entorno

    def turno(self):
        """Juega un turno. Devuelve el texto final si el modelo terminó, o None."""
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return " ".join(b["text"] for b in r if b["type"] == "text")
        self.M.append(("usuario", [ejecutar(ll, self.entorno) for ll in llamadas]))
        return None


def bucle(modelo, inicio, entorno, tope):
    agente = Agente(modelo, inicio, entorno)
    for _ in range(tope):
        final = agente.turno()
        if final is not None:
            return ("fin", final, agente.M)
    return ("tope", None, agente.M)
