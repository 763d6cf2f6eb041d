# mistake: prepara cada ejecución como una lambda dentro de una comprensión para cronometrarla después, y todas las lambdas capturan la última llamada del turno
# fails: conversacion
# says: las llamadas de una respuesta pasan todas por ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

import time

TIEMPOS = []


def cronometra(tarea):
    t0 = time.perf_counter()
    salida = tarea()
    TIEMPOS.append(time.perf_counter() - t0)
    return salida


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        tareas = [lambda: ejecutar(b, entorno) for b in llamadas]
        M.append(("usuario", [cronometra(t) for t in tareas]))
    return ("tope", None, M)
