# mistake: "helpful" shortcut: if inicio already ends with an assistant answer without calls, the learner treats the conversation as finished and returns its text without invoking the model, but bucle must invoke the model (up to tope times) and only its responses decide "fin"
# fails: generadas
# says: nunca se llama al modelo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def _textos(bloques):
    return " ".join(b["text"] for b in bloques if b["type"] == "text")


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    # Si la conversación ya acaba con una respuesta final del asistente, no hay nada que hacer.
    if M and M[-1][0] == "asistente" and isinstance(M[-1][1], list) \
            and not any(b.get("type") == "tool_use" for b in M[-1][1]):
        return ("fin", _textos(M[-1][1]), M)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", _textos(r), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
