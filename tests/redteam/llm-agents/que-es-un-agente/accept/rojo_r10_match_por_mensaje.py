# right: match/case estructural sobre mensajes y bloques
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _ids(contenido, tipo, clave):
    ids = []
    match contenido:
        case str():
            pass
        case [*bloques]:
            for b in bloques:
                match b:
                    case {"type": t} if t == tipo:
                        ids.append(b[clave])
    return ids


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, mensaje in enumerate(M):
        match mensaje:
            case ("asistente", contenido):
                llamadas = _ids(contenido, "tool_use", "id")
            case _:
                continue
        obs = set(_ids(M[i + 1][1], "tool_result", "tool_use_id")) if i + 1 < len(M) else set()
        faltan += [id for id in llamadas if id not in obs]
    return faltan
