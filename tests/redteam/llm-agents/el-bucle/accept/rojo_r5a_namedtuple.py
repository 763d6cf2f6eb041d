# style: Returns a namedtuple (estado, texto, M) and counts down the remaining turns.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from collections import namedtuple

Resultado = namedtuple("Resultado", ["estado", "texto", "M"])


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    quedan = tope
    while quedan > 0:
        quedan -= 1
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        textos = [b["text"] for b in respuesta if b["type"] == "text"]
        llamadas = [b for b in respuesta if b["type"] == "tool_use"]
        if len(llamadas) == 0:
            return Resultado("fin", " ".join(textos), M)
        M.append(("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas))))
    return Resultado("tope", None, M)
