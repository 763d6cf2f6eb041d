# mistake: empieza a recorrer en M[1] suponiendo que M[0] es siempre el mensaje de «sistema», así que se salta las llamadas de una conversación que empieza por una respuesta
# fails: generadas
# says: las llamadas de la última respuesta de M también cuentan
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i in range(1, len(M)):  # M[0] es el mensaje de sistema
        rol, contenido = M[i]
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
