# right: estilo funcional con map, filter, lambda e itertools.chain
from itertools import chain
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    bloques = lambda k: [] if k >= len(M) or isinstance(M[k][1], str) else M[k][1]
    de_tipo = lambda k, t: filter(lambda b: b["type"] == t, bloques(k))
    observadas = lambda k: set(map(lambda b: b["tool_use_id"], de_tipo(k + 1, "tool_result")))
    faltan_en = lambda k: filter(lambda id, obs=observadas(k): id not in obs,
                                 map(lambda b: b["id"], de_tipo(k, "tool_use")))
    asistentes = filter(lambda k: M[k][0] == "asistente", range(len(M)))
    faltan = list(chain.from_iterable(map(faltan_en, asistentes)))
    return faltan
