# mistake: para no emparejar dos veces el mismo resultado, lo quita de la lista del mensaje siguiente con remove: modifica los bloques de M
# fails: leccion
# says: sin_observacion no modifica M
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        sig = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(sig, str):
            sig = []
        for b in contenido:
            if b.get("type") != "tool_use":
                continue
            pareja = next((r for r in sig if r.get("type") == "tool_result"
                           and r["tool_use_id"] == b["id"]), None)
            if pareja is None:
                faltan.append(b["id"])
            else:
                sig.remove(pareja)  # ya emparejado
    return faltan
