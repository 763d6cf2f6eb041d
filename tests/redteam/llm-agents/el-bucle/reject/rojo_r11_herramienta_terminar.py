# mistake: añade a las herramientas una "terminar" (como hacen algunas bibliotecas de agentes) y acaba con "fin" cuando el modelo la llama; el enunciado pide modelo(M, HERRAMIENTAS) y que toda llamada tool_use pase por ejecutar
# fails: conversacion
# says: el modelo recibe modelo(M
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

TERMINAR = {
    "name": "terminar",
    "description": "Llámala cuando hayas acabado el encargo, con tu respuesta final.",
    "input_schema": {"type": "object",
                     "properties": {"respuesta": {"type": "string", "description": "Respuesta final"}},
                     "required": ["respuesta"], "additionalProperties": False},
}

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    herramientas = HERRAMIENTAS + [TERMINAR]
    for _ in range(tope):
        r = modelo(M, herramientas)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        for b in llamadas:
            if b["name"] == "terminar":
                return ("fin", b["input"].get("respuesta", ""), M)
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
