# itertools: los turnos salen de islice(count(1), tope).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import itertools

def bucle(modelo, inicio, entorno, tope):
    M = [*inicio]
    for _turno in itertools.islice(itertools.count(1), tope):
        r = modelo(M, HERRAMIENTAS)
        M += [("asistente", r)]
        llamadas = list(filter(lambda b: b["type"] == "tool_use", r))
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M += [("usuario", list(map(lambda ll: ejecutar(ll, entorno), llamadas)))]
    return "tope", None, M
