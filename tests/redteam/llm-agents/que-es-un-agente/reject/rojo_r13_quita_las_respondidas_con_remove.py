# mistake: apunta todas las llamadas y luego borra las respondidas con list.remove, que quita la PRIMERA aparición del id; si un id se repite en dos respuestas, se borra la equivocada y el orden de la lista sale cambiado
# fails: generadas
# says: los id van en el orden
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    respondidas = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        ids_siguiente = [b["tool_use_id"] for b in siguiente if b.get("type") == "tool_result"]
        for bloque in contenido:
            if bloque.get("type") == "tool_use":
                faltan.append(bloque["id"])            # de momento, todas
                if bloque["id"] in ids_siguiente:
                    respondidas.append(bloque["id"])
    # quito las que sí tienen observación
    for id_ in respondidas:
        faltan.remove(id_)
    return faltan
