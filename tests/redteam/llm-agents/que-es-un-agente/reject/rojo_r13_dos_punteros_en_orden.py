# mistake: para no hacer un any() por llamada recorre llamadas y resultados con dos punteros, como en una mezcla; da por hecho que las observaciones llegan en el mismo orden que las llamadas, y una que llega antes que la anterior se da por perdida
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
        llamadas = [b["id"] for b in contenido if b.get("type") == "tool_use"]
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        resultados = [b["tool_use_id"] for b in siguiente if b.get("type") == "tool_result"]
        k = 0   # por dónde voy en los resultados
        for id_ in llamadas:
            while k < len(resultados) and resultados[k] != id_:
                k += 1
            if k == len(resultados):
                faltan.append(id_)
            else:
                k += 1
    return faltan
