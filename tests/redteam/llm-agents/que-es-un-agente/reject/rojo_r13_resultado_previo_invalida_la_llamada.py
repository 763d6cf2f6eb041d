# mistake: lee "si llega en otro mensaje, antes o más tarde, no cuenta" como una regla extra: si el id ya tuvo un tool_result en un mensaje anterior, marca la llamada como sin observación aunque el mensaje siguiente la traiga
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    llegaron_antes = set()   # ids que ya tuvieron observación en algún mensaje anterior
    for i, (rol, contenido) in enumerate(M):
        if not isinstance(contenido, list):
            continue
        if rol == "asistente":
            observadas = set()
            if i + 1 < len(M) and isinstance(M[i + 1][1], list):
                observadas = {b["tool_use_id"] for b in M[i + 1][1] if b.get("type") == "tool_result"}
            for bloque in contenido:
                if bloque.get("type") != "tool_use":
                    continue
                if bloque["id"] not in observadas or bloque["id"] in llegaron_antes:
                    faltan.append(bloque["id"])
        llegaron_antes |= {b["tool_use_id"] for b in contenido if b.get("type") == "tool_result"}
    return faltan
