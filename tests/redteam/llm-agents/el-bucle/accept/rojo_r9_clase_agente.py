# right: una clase Agente que guarda M y el entorno, con un método por turno; bucle la crea y la hace correr
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

class Agente:
    def __init__(self, modelo, inicio, entorno):
        self.modelo = modelo
        self.M = list(inicio)
        self.entorno = entorno
        self.final = None

    def turno(self):
        """Un turno: True si el modelo ha terminado (respuesta sin llamadas)."""
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            self.final = " ".join(b["text"] for b in r if b["type"] == "text")
            return True
        self.M.append(("usuario", [ejecutar(b, self.entorno) for b in llamadas]))
        return False

    def corre(self, tope):
        for _ in range(tope):
            if self.turno():
                return ("fin", self.final, self.M)
        return ("tope", None, self.M)


def bucle(modelo, inicio, entorno, tope):
    return Agente(modelo, inicio, entorno).corre(tope)
