# mistake: guarda la conversación en un collections.deque «porque añadir por el final es más rápido» y solo la pasa a lista al devolverla, así que el modelo recibe un deque y no la lista M
# fails: conversacion
# says: el modelo recibe modelo(M
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from collections import deque


def bucle(modelo, inicio, entorno, tope):
    M = deque(inicio)  # append por el final en O(1)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), list(M))
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, list(M))
