# mistake: recorre las parejas con zip(M, M[1:]) y trata aparte el último mensaje con M[-1], sin pensar en la conversación vacía, donde M[-1] lanza IndexError
# fails: generadas
# says: lanzó IndexError
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def ids_llamadas(mensaje):
    rol, contenido = mensaje
    if rol != "asistente" or isinstance(contenido, str):
        return []
    return [b["id"] for b in contenido if b["type"] == "tool_use"]


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for actual, siguiente in zip(M, M[1:]):
        obs = set()
        if not isinstance(siguiente[1], str):
            obs = {b["tool_use_id"] for b in siguiente[1] if b["type"] == "tool_result"}
        faltan += [id for id in ids_llamadas(actual) if id not in obs]
    faltan += ids_llamadas(M[-1])  # al último no le sigue nada
    return faltan
