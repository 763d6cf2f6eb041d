# style: functools.reduce over range(tope) carrying a (done, text) state; a finished state short-circuits without calling the model.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from functools import reduce


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)

    def paso(estado, _):
        if estado is not None:  # ya terminó: no se vuelve a llamar al modelo
            return estado
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return " ".join(b["text"] for b in r if b["type"] == "text")
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        return None

    final = reduce(paso, range(tope), None)
    return ("tope", None, M) if final is None else ("fin", final, M)
