# mistake: piensa que una llamada que no cumple su esquema (incumple no da None) no es una llamada de verdad y la salta, pero sigue siendo un tool_use de «asistente»
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        ids = set()
        if i + 1 < len(M) and not isinstance(M[i + 1][1], str):
            ids = {b["tool_use_id"] for b in M[i + 1][1] if b["type"] == "tool_result"}
        for b in contenido:
            # Solo las llamadas bien formadas: las otras el harness ni las ejecuta.
            if b["type"] == "tool_use" and incumple(b) is None and b["id"] not in ids:
                faltan.append(b["id"])
    return faltan
