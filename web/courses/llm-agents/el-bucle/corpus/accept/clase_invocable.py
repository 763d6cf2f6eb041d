# bucle es una instancia de una clase con __call__, que guarda el estado de cada conversación aparte.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Agente:
    def __init__(self, herramientas):
        self.herramientas = herramientas

    def __call__(self, modelo, inicio, entorno, tope):
        M = list(inicio)
        for turno in range(1, tope + 1):
            r = modelo(M, self.herramientas)
            M.append(("asistente", r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                return self.fin(r, M)
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        return ("tope", None, M)

    @staticmethod
    def fin(r, M):
        return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)

bucle = Agente(HERRAMIENTAS)
