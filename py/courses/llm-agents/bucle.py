# bucle.py: el bucle de un agente con su contrato entero, tal como queda al
# final de la lección «El bucle». Las lecciones siguientes lo cargan después
# de entorno.py, del que usa incumple, resultado, FUNCIONES y HERRAMIENTAS:
#     exec(open_url("/courses/llm-agents/entorno.py").read())
#     exec(open_url("/courses/llm-agents/bucle.py").read())


def ejecutar(bloque, entorno):
    """Una llamada: primero su esquema, después la función. Devuelve el
    tool_result con el mismo id que la llamada."""
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)  # la lección sobre los errores lo cambia
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    """Invoca al modelo como mucho tope veces. Devuelve ("fin", texto, M) si
    una respuesta no pide nada, o ("tope", None, M) si se agotan los turnos;
    en los dos casos cada llamada de M tiene su observación."""
    M = list(inicio)  # inicio es de quien llama: no se toca
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return "tope", None, M
