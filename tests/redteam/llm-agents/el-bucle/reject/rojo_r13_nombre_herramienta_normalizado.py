# mistake: "models sometimes write Leer or ' listar'", so each call's tool name is trimmed and lower-cased before ejecutar; a call to a tool that does not exist as written then runs instead of raising ValueError, and ejecutar no longer receives the block itself
# fails: conversacion
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def _normaliza(bloque):
    nombre = bloque.get("name")
    if isinstance(nombre, str):
        return dict(bloque, name=nombre.strip().lower())
    return bloque


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(_normaliza(b), entorno) for b in llamadas]))
    return ("tope", None, M)
