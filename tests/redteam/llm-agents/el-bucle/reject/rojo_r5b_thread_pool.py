# mistake: Calls of a turn run in a thread pool, so when one raises the later calls have still been executed (and their order of execution on entorno is not guaranteed).
# fails: generadas
# Its message is not promised: in the page a thread cannot start, and the message says that instead.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

from concurrent.futures import ThreadPoolExecutor

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        with ThreadPoolExecutor() as pool:  # las llamadas de un turno, a la vez
            M.append(("usuario", list(pool.map(lambda ll: ejecutar(ll, entorno), llamadas))))
    return ("tope", None, M)
