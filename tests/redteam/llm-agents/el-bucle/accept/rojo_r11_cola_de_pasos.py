# right: work queue (collections.deque) of pending steps: invocar, ejecutar each call, cerrar the observations message
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

from collections import deque

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    pendientes = deque([("invocar", None)] if tope > 0 else [])
    invocaciones = 0
    observaciones = []
    while pendientes:
        paso, dato = pendientes.popleft()
        if paso == "invocar":
            r = modelo(M, HERRAMIENTAS)
            invocaciones += 1
            M.append(("asistente", r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
            pendientes.extend(("ejecutar", b) for b in llamadas)
            pendientes.append(("cerrar", None))
            if invocaciones < tope:
                pendientes.append(("invocar", None))
        elif paso == "ejecutar":
            observaciones.append(ejecutar(dato, entorno))
        else:  # cerrar: todas las observaciones del turno en un único mensaje
            M.append(("usuario", observaciones))
            observaciones = []
    return ("tope", None, M)
