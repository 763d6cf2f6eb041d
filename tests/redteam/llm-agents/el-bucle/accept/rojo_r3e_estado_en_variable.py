# style: Single exit point: the loop sets a result variable and breaks; extend/copy.copy for M.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import copy


def bucle(modelo, inicio, entorno, tope):
    M = copy.copy(list(inicio))
    salida = ("tope", None, M)
    turno = 0
    while turno < tope:
        r = modelo(M, HERRAMIENTAS)
        turno += 1
        M.extend([("asistente", r)])
        llamadas = [b for b in r if b.get("type") == "tool_use"]
        if not llamadas:
            salida = ("fin", " ".join(b["text"] for b in r if b.get("type") == "text"), M)
            break
        observaciones = [ejecutar(ll, entorno) for ll in llamadas]
        M.extend([("usuario", observaciones)])
    return salida
