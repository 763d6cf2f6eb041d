# mistake: supone que las respuestas anteriores ya se comprobaron en su turno y solo revisa la última respuesta de «asistente»
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    # las respuestas anteriores ya pasaron esta comprobación antes de su turno:
    # basta con mirar la última respuesta del modelo
    for i in range(len(M) - 1, -1, -1):
        rol, contenido = M[i]
        if rol != "asistente":
            continue
        if isinstance(contenido, list):
            sig = M[i + 1][1] if i + 1 < len(M) else []
            vistos = set() if isinstance(sig, str) else {
                b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
            faltan = [b["id"] for b in contenido
                      if b.get("type") == "tool_use" and b["id"] not in vistos]
        break
    return faltan
