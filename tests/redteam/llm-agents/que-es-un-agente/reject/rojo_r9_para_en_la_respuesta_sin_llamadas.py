# mistake: toma una respuesta de «asistente» sin llamadas por la respuesta final y sale del bucle con break, así que no mira las respuestas que vienen después
# fails: generadas
# says: las llamadas de la última respuesta de M también cuentan
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente":
            continue
        llamadas = [] if isinstance(contenido, str) else [
            b for b in contenido if b.get("type") == "tool_use"]
        if not llamadas:
            break  # la respuesta final no pide nada: la conversación acaba aquí
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in llamadas:
            if b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
