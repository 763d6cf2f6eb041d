# right: polimorfismo, dos clases de desenlace (Exito/Fallo) con un método observacion
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

class Exito:
    """La herramienta devolvió algo: la observación es la de siempre."""

    def __init__(self, valor):
        self.valor = valor

    def observacion(self, id):
        return resultado(id, self.valor)


class Fallo:
    """La llamada no salió bien: la observación lleva la explicación."""

    def __init__(self, texto):
        self.texto = texto

    def observacion(self, id):
        return {"type": "tool_result", "tool_use_id": id,
                "content": self.texto, "is_error": True}


def desenlace(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return Fallo(motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return Fallo("%s: %s" % (type(e).__name__, e))
    return Exito(valor)


def ejecutar(bloque, entorno):
    return desenlace(bloque, entorno).observacion(bloque["id"])
