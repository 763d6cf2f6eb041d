# mistake: Toma como texto todo bloque que no sea tool_use y lee su clave 'text', así que una respuesta final con un bloque de razonamiento {'type': 'thinking', ...} lanza KeyError en vez de terminar.
# fails: generadas
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas, textos = [], []
        for b in r:
            if b["type"] == "tool_use":
                llamadas.append(b)
            else:
                textos.append(b["text"])
        if not llamadas:
            return "fin", " ".join(textos), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return "tope", None, M
