# right: recorre los bloques uno a uno con match/case, bucles explícitos y devuelve una namedtuple
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from collections import namedtuple

Salida = namedtuple("Salida", ["estado", "texto", "M"])


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    turno = 0
    while True:
        if turno == tope:
            return Salida("tope", None, M)
        turno += 1
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        textos, llamadas = [], []
        for bloque in respuesta:
            match bloque:
                case {"type": "tool_use"}:
                    llamadas.append(bloque)
                case {"type": "text"}:
                    textos.append(bloque["text"])
                case _:
                    pass  # thinking u otros: se quedan en M y nada más
        if not llamadas:
            return Salida("fin", " ".join(textos), M)
        obs = []
        for bloque in llamadas:
            obs.append(ejecutar(bloque, entorno))
        M.append(("usuario", obs))
