# right: a Result-style pair of small classes (Hecho / Fallido) that each know how to turn themselves into an observation
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

class Hecho:
    def __init__(self, valor):
        self.valor = valor

    def observacion(self, id):
        return resultado(id, self.valor)


class Fallido:
    def __init__(self, texto):
        self.texto = texto

    def observacion(self, id):
        return {"type": "tool_result", "tool_use_id": id, "content": self.texto, "is_error": True}

    @classmethod
    def de_excepcion(cls, e):
        return cls("%s: %s" % (type(e).__name__, e))


def intenta(funcion, entorno, bloque):
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return Fallido.de_excepcion(e)
    return Hecho(valor)


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        desenlace = Fallido(motivo)
    else:
        desenlace = intenta(FUNCIONES[bloque["name"]], entorno, bloque)
    return desenlace.observacion(bloque["id"])
