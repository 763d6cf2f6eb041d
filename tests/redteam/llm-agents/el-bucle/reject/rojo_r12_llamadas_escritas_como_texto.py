# mistake: como algunos modelos escriben la llamada como JSON dentro de un texto, trata como llamada un bloque de texto que se lee como {"name": ..., "input": ...}; solo es llamada un bloque con type "tool_use"
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


def como_llamada(bloque, n):
    """La llamada que hay en el bloque: la de verdad o una escrita en JSON dentro de un texto."""
    if bloque["type"] == "tool_use":
        return bloque
    if bloque["type"] == "text":
        try:
            datos = json.loads(bloque["text"])
        except ValueError:
            return None
        if isinstance(datos, dict) and "name" in datos and "input" in datos:
            return {"type": "tool_use", "id": datos.get("id", "texto%d" % n),
                    "name": datos["name"], "input": datos["input"]}
    return None


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [c for n, b in enumerate(r) if (c := como_llamada(b, n)) is not None]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
