# mistake: en una respuesta toma por llamada todo bloque que no sea de texto, así que un tool_result dentro de un mensaje de «asistente» añade su id (None) a la lista
# fails: generadas
# says: la lista lleva los id de las llamadas
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        vistos = set() if isinstance(sig, str) else {
            b["tool_use_id"] for b in sig if b.get("type") == "tool_result"}
        for b in contenido:
            if b.get("type") == "text":
                continue
            # lo que no es texto es una llamada
            if b.get("id") not in vistos:
                faltan.append(b.get("id"))
    return faltan
