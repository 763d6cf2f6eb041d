# right: class style, a dataclass that wraps one call and builds its observation in methods
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

from dataclasses import dataclass


@dataclass
class Llamada:
    bloque: dict
    entorno: dict

    def error(self, contenido):
        return {"type": "tool_result", "tool_use_id": self.bloque["id"],
                "content": contenido, "is_error": True}

    def observacion(self):
        motivo = incumple(self.bloque)
        if motivo is not None:
            return self.error(motivo)
        herramienta = FUNCIONES[self.bloque["name"]]
        try:
            valor = herramienta(self.entorno, **self.bloque["input"])
        except Exception as e:
            return self.error("%s: %s" % (type(e).__name__, e))
        return resultado(self.bloque["id"], valor)


def ejecutar(bloque, entorno):
    return Llamada(bloque, entorno).observacion()
