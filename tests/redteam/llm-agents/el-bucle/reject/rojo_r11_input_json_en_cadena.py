# mistake: si los argumentos de una llamada llegan como cadena JSON (como en algunas API) los decodifica antes de ejecutar, en vez de dejar que ejecutar lance su ValueError, que según el enunciado sale de bucle
# fails: generadas
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

import json

def _argumentos_como_objeto(bloque):
    if isinstance(bloque.get("input"), str):
        try:
            return {**bloque, "input": json.loads(bloque["input"])}
        except ValueError:
            pass
    return bloque

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(_argumentos_como_objeto(b), entorno) for b in llamadas]))
    return ("tope", None, M)
