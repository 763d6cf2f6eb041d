# mistake: agrupa los bloques por tipo con itertools.groupby en un dict, creyendo que junta todos los del mismo tipo; groupby solo junta los consecutivos y el dict se queda con el último grupo, así que se pierden llamadas (y textos) separados por otro bloque
# fails: generadas
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


from itertools import groupby


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        por_tipo = {tipo: list(bloques) for tipo, bloques in groupby(r, key=lambda b: b["type"])}
        llamadas = por_tipo.get("tool_use", [])
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in por_tipo.get("text", [])), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
