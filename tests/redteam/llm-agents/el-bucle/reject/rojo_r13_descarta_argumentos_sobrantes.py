# mistake: "repairs" calls before running them by dropping arguments that are not in the tool's schema, so a call with an extra argument is executed instead of making ejecutar raise ValueError (errors must not be hidden, each block goes to ejecutar as it is)
# fails: conversacion
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

_PROPIEDADES = {h["name"]: h["input_schema"]["properties"] for h in HERRAMIENTAS}


def _sin_sobrantes(bloque):
    """Quita los argumentos que la herramienta no conoce: el modelo a veces se inventa alguno."""
    propiedades = _PROPIEDADES.get(bloque.get("name"))
    argumentos = bloque.get("input")
    if propiedades is None or not isinstance(argumentos, dict):
        return bloque
    return dict(bloque, input={k: v for k, v in argumentos.items() if k in propiedades})


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(_sin_sobrantes(b), entorno) for b in llamadas]))
    return ("tope", None, M)
