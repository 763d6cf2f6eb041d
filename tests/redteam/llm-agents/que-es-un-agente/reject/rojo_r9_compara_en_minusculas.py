# mistake: compara los id sin distinguir mayúsculas (lower), así que un tool_result con "T1" cuenta como observación de "t1"
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        vistos = set()
        if i + 1 < len(M) and isinstance(M[i + 1][1], list):
            for b in M[i + 1][1]:
                if b.get("type") == "tool_result":
                    vistos.add(b["tool_use_id"].lower())
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"].lower() not in vistos:
                faltan.append(b["id"])
    return faltan
