# mistake: separa los bloques por tipo con {tipo: list(g) for tipo, g in groupby(...)}; groupby solo junta bloques SEGUIDOS y el dict se queda con el último grupo de cada tipo, así que se pierden llamadas u observaciones separadas por un texto
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas
from itertools import groupby

def por_tipo(contenido):
    if isinstance(contenido, str):
        return {}
    return {tipo: list(grupo) for tipo, grupo in groupby(contenido, key=lambda b: b.get("type"))}

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente":
            continue
        llamadas = por_tipo(contenido).get("tool_use", [])
        siguiente = por_tipo(M[i + 1][1]) if i + 1 < len(M) else {}
        observadas = {r["tool_use_id"] for r in siguiente.get("tool_result", [])}
        faltan += [b["id"] for b in llamadas if b["id"] not in observadas]
    return faltan
