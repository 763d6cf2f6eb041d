# right: una clase con un método turno() que devuelve el texto final o None
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


class _Agente:
    def __init__(self, modelo, inicio, entorno):
        self.modelo = modelo
        self.entorno = entorno
        self.M = list(inicio)

    def turno(self):
        """Invoca al modelo una vez. Devuelve el texto final si ha terminado;
        si ha pedido llamadas, las ejecuta y devuelve None."""
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            self.M.append(("usuario", [ejecutar(b, self.entorno) for b in llamadas]))
            return None
        return " ".join(b["text"] for b in r if b["type"] == "text")


def bucle(modelo, inicio, entorno, tope):
    agente = _Agente(modelo, inicio, entorno)
    for _ in range(tope):
        final = agente.turno()
        if final is not None:
            return ("fin", final, agente.M)
    return ("tope", None, agente.M)
