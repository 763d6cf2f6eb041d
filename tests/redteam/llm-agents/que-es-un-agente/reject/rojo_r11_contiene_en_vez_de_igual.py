# mistake: compara los id con el operador 'in' entre textos (subcadena) creyendo que comprueba igualdad; "t1" está dentro de "t1 " o de "t10", y el enunciado exige id idéntico
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
        siguiente = M[i + 1][1] if i + 1 < len(M) else []
        if isinstance(siguiente, str):
            siguiente = []
        for b in contenido:
            if b["type"] != "tool_use":
                continue
            if not any(r["type"] == "tool_result" and b["id"] in r["tool_use_id"] for r in siguiente):
                faltan.append(b["id"])
    return faltan
