# right: una sola comprensión con el operador morsa (:=) que fija las observaciones del mensaje siguiente antes de recorrer las llamadas
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    def observadas(j):
        if j >= len(M) or not isinstance(M[j][1], list):
            return set()
        return {b.get("tool_use_id") for b in M[j][1] if b.get("type") == "tool_result"}

    faltan = [b["id"]
              for i, (rol, contenido) in enumerate(M)
              if rol == "asistente" and isinstance(contenido, list)
              and (vistas := observadas(i + 1)) is not None
              for b in contenido
              if b.get("type") == "tool_use" and b["id"] not in vistas]
    return faltan
