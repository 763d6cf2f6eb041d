# mistake: no cuenta un tool_result marcado con "is_error": True, aunque el contrato solo pide que M[i + 1] traiga un tool_result con su id
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = set()
        if isinstance(sig, list):
            for b in sig:
                # un resultado de error no es una observación de verdad
                if b.get("type") == "tool_result" and not b.get("is_error"):
                    vistos.add(b["tool_use_id"])
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
