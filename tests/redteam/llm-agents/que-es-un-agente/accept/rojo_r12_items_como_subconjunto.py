# right: dict-items subset test ({...}.items() <= bloque.items()) to recognise blocks, plain nested loops
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def _es(bloque, **campos):
    # ¿Trae el bloque todas esas claves con esos mismos valores?
    return campos.items() <= bloque.items()


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        for b in contenido:
            if _es(b, type="tool_use"):
                if not any(_es(r, type="tool_result", tool_use_id=b["id"]) for r in siguiente):
                    faltan.append(b["id"])
    return faltan
