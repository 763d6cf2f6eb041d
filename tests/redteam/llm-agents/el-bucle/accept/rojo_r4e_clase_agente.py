exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


class _Conversacion:
    """Una conversación: se crea una nueva en cada llamada a bucle."""

    def __init__(self, modelo, inicio, entorno):
        self.modelo = modelo
        self.entorno = entorno
        self.M = list(inicio)

    def turno(self):
        """Da un turno. Devuelve el texto final si el modelo ha terminado, o None."""
        r = self.modelo(self.M, HERRAMIENTAS)
        self.M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return " ".join(b["text"] for b in r if b["type"] == "text")
        self.M.append(("usuario", [ejecutar(ll, self.entorno) for ll in llamadas]))
        return None


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    c = _Conversacion(modelo, inicio, entorno)
    for _ in range(tope):
        final = c.turno()
        if final is not None:
            return "fin", final, c.M
    return "tope", None, c.M
