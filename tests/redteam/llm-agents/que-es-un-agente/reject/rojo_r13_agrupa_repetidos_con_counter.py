# mistake: para sacar "un id por cada llamada que no la tiene" cuenta las que faltan en un Counter y devuelve list(cuenta.elements()); elements() junta las repeticiones de un id, así que se pierde el orden de M
# fails: generadas
# says: los id van en el orden
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas
from collections import Counter

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    cuenta = Counter()
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        observadas = set()
        if isinstance(siguiente, list):
            observadas = {b["tool_use_id"] for b in siguiente if b.get("type") == "tool_result"}
        for bloque in contenido:
            if bloque.get("type") == "tool_use" and bloque["id"] not in observadas:
                cuenta[bloque["id"]] += 1        # un id por cada llamada sin observación
    faltan = list(cuenta.elements())
    return faltan
