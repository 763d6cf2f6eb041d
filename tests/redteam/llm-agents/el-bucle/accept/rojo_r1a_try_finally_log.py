# style: for loop with a per-call log list in a try/finally that only prints, never swallowing exceptions.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    registro = []           # nuevo en cada llamada
    try:
        for turno in range(tope):
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            registro.append(len(r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
            obs = []
            for ll in llamadas:
                obs.append(ejecutar(ll, entorno))    # si lanza, sale tal cual
            M.append(("usuario", obs))
        return ("tope", None, M)
    finally:
        print("bloques por turno:", registro)
