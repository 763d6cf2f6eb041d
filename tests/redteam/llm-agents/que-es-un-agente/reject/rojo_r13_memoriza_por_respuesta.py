# mistake: para no repetir trabajo memoriza lo que falta de cada respuesta por su contenido (repr); si la misma respuesta aparece dos veces reutiliza el resultado de la primera, aunque lo que falta depende del mensaje que la sigue
# fails: generadas
# says: una llamada tiene su
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    ya_vistas = {}   # respuesta -> ids que le faltan
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        clave = repr(contenido)
        if clave not in ya_vistas:
            siguiente = M[i + 1][1] if i + 1 < len(M) else []
            observadas = set()
            if isinstance(siguiente, list):
                observadas = {b["tool_use_id"] for b in siguiente if b.get("type") == "tool_result"}
            ya_vistas[clave] = [b["id"] for b in contenido
                                if b.get("type") == "tool_use" and b["id"] not in observadas]
        faltan.extend(ya_vistas[clave])
    return faltan
