# mistake: estilo EAFP: saca los tool_use_id de TODOS los bloques del mensaje siguiente dentro de un try y, si salta KeyError/IndexError/TypeError, da el conjunto por vacío; un texto o una llamada junto a la observación provoca KeyError y borra todas las observaciones
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        try:
            observadas = {b["tool_use_id"] for b in M[i + 1][1]}
        except (IndexError, KeyError, TypeError):
            observadas = set()   # no hay mensaje siguiente o no trae observaciones
        for bloque in contenido:
            if bloque["type"] == "tool_use" and bloque["id"] not in observadas:
                faltan.append(bloque["id"])
    return faltan
