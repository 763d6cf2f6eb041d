# mistake: "ayuda" al harness: si la respuesta hace una sola llamada y el mensaje siguiente trae un solo tool_result, los da por emparejados aunque el id no coincida (piensa que el id se escribió mal); el enunciado exige un id idéntico
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        llamadas = [b for b in contenido if b.get("type") == "tool_use"]
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        resultados = [b for b in siguiente if b.get("type") == "tool_result"]
        if len(llamadas) == 1 and len(resultados) == 1:
            continue   # una llamada y una observación: son pareja
        ids = {r["tool_use_id"] for r in resultados}
        faltan += [b["id"] for b in llamadas if b["id"] not in ids]
    return faltan
