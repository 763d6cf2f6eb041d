# mistake: "optimiza" suponiendo que usuario y asistente se alternan: busca la primera respuesta y salta de dos en dos; una respuesta en la otra paridad (dos mensajes seguidos del mismo rol) no se revisa
# fails: generadas
# says: las llamadas de la última
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    faltan = []
    roles = [rol for rol, _ in M]
    if "asistente" not in roles:
        return faltan
    # las respuestas van alternadas con los mensajes de usuario: una de cada dos
    for i in range(roles.index("asistente"), len(M), 2):
        rol, contenido = M[i]
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        observadas = set()
        if isinstance(siguiente, list):
            observadas = {b["tool_use_id"] for b in siguiente if b.get("type") == "tool_result"}
        faltan += [b["id"] for b in contenido
                   if b.get("type") == "tool_use" and b["id"] not in observadas]
    return faltan
