# style: a small Agente class holding M for one run; bucle builds a fresh instance per call.
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
        self.entorno = entorno
        self.M = list(inicio)

    def paso(self):
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            self.M.append(("usuario", [ejecutar(ll, self.entorno) for ll in llamadas]))
            return None
        return " ".join(b["text"] for b in r if b["type"] == "text")

    def corre(self, tope):
        for _ in range(tope):
            final = self.paso()
            if final is not None:
                return ("fin", final, self.M)
        return ("tope", None, self.M)


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    return Agente(modelo, inicio, entorno).corre(tope)
