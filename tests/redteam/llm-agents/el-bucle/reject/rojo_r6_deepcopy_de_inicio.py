# mistake: M empieza como una copia profunda de inicio, copy.deepcopy(inicio), y sus mensajes son otros, solo iguales.
# fails: generadas
# says: inicio es de quien llama
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

import copy
from typing import NamedTuple


class Salida(NamedTuple):
    estado: str
    texto: "str | None"
    M: list


def bucle(modelo, inicio, entorno, tope):
    M = copy.deepcopy(inicio)                 # inicio no se toca: trabajo sobre una copia
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if llamadas := [b for b in r if b["type"] == "tool_use"]:
            M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
            continue
        return Salida("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
    return Salida("tope", None, M)
