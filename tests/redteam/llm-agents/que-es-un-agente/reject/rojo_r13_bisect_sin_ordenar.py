# mistake: para buscar rápido el id entre las observaciones usa bisect sobre la lista de tool_use_id, pero no la ordena antes; con las observaciones en otro orden que el alfabético la búsqueda binaria no las encuentra
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas
from bisect import bisect_left

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        ids = [b["tool_use_id"] for b in siguiente if b.get("type") == "tool_result"]
        for bloque in contenido:
            if bloque.get("type") != "tool_use":
                continue
            k = bisect_left(ids, bloque["id"])
            if k == len(ids) or ids[k] != bloque["id"]:
                faltan.append(bloque["id"])
    return faltan
