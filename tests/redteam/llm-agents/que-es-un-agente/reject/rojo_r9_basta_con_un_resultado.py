# mistake: da por observadas todas las llamadas de una respuesta si el mensaje siguiente trae algún tool_result, sin mirar de qué id es
# fails: generadas
# says: Pasa
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def es_observacion(mensaje):
    """¿Es un mensaje con observaciones del harness?"""
    _, contenido = mensaje
    return isinstance(contenido, list) and any(
        b.get("type") == "tool_result" for b in contenido)


def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    for i, (rol, contenido) in enumerate(M):
        if rol != "asistente" or isinstance(contenido, str):
            continue
        if i + 1 < len(M) and es_observacion(M[i + 1]):
            continue
        faltan.extend(b["id"] for b in contenido if b.get("type") == "tool_use")
    return faltan
