# mistake: Guarda en un diccionario del módulo los resultados de las herramientas que sólo leen (y lo vacía al escribir), así que una segunda llamada a bucle con otro entorno recibe la lectura cacheada de la conversación anterior.
# fails: generadas
# says: en el último turno que permite el tope
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


_LEIDO = {}  # resultados de herramientas que no cambian nada: no hace falta repetirlas


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        observaciones = []
        for ll in llamadas:
            if ll["name"] == "escribir":
                _LEIDO.clear()
                observaciones.append(ejecutar(ll, entorno))
                continue
            clave = (ll["name"], repr(ll["input"]))
            if clave not in _LEIDO:
                _LEIDO[clave] = ejecutar(ll, entorno)["content"]
            observaciones.append(resultado(ll["id"], _LEIDO[clave]))
        M.append(("usuario", observaciones))
    return "tope", None, M
