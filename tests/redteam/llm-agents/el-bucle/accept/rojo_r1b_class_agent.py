# style: a small Agente class whose run method does the loop; bucle builds a fresh one each call.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Agente:
    def __init__(self, modelo, entorno, tope):
        self.modelo, self.entorno, self.tope = modelo, entorno, tope
        self.M = []

    def turno(self):
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return " ".join(b["text"] for b in r if b["type"] == "text")
        self.M.append(("usuario", [ejecutar(ll, self.entorno) for ll in llamadas]))
        return None

    def corre(self, inicio):
        self.M = list(inicio)
        for _ in range(self.tope):
            final = self.turno()
            if final is not None:
                return ("fin", final, self.M)
        return ("tope", None, self.M)


def bucle(modelo, inicio, entorno, tope):
    return Agente(modelo, entorno, tope).corre(inicio)
