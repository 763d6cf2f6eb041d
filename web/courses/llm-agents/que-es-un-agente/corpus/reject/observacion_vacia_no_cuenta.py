# Da por ausente una observación cuyo contenido está vacío: lo que trae no dice si está.
# fails: generadas
# says: tool_result cuyo tool_use_id
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...


def sin_observacion(M):
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else ""
        traidas = {} if isinstance(siguiente, str) else {
            b["tool_use_id"]: b["content"] for b in siguiente if b["type"] == "tool_result"}
        faltan += [b["id"] for b in contenido if b["type"] == "tool_use" and not traidas.get(b["id"])]
    return faltan
