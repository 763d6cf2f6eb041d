# style: A generator that yields after each finished turn, capped with itertools.islice so the model is never asked more than tope times.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from itertools import islice

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)

    def turnos():
        while True:
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                yield " ".join(b["text"] for b in r if b["type"] == "text")
                return
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
            yield None

    for final in islice(turnos(), tope):
        if final is not None:
            return ("fin", final, M)
    return ("tope", None, M)
