# style: one inner function per turn that returns the final text or None, driven by an indexed for loop.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)

    def turno():
        """Da un turno. Devuelve (True, texto) si el modelo termina, (False, None) si no."""
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos, llamadas = [], []
        for b in r:
            tipo = b["type"]
            if tipo == "text":
                textos.append(b["text"])
            elif tipo == "tool_use":
                llamadas.append(b)
        if not llamadas:
            return True, " ".join(textos)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        return False, None

    for k in range(1, tope + 1):
        terminado, texto_final = turno()
        if terminado:
            return ("fin", texto_final, M)
    return ("tope", None, M)
