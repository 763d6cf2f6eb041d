# mistake: encuentra la posición de cada mensaje con M.index(mensaje), que da la primera aparición: si dos mensajes son iguales, mira el siguiente del primero
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for mensaje in M:
        rol, contenido = mensaje
        if rol != "asistente" or isinstance(contenido, str):
            continue
        i = M.index(mensaje)
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "tool_use" and b["id"] not in vistos:
                faltan.append(b["id"])
    return faltan
