exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    faltan = []
    for i in range(len(M)):
        rol, contenido = M[i]
        if rol != "asistente" or not isinstance(contenido, list):
            continue
        try:
            siguiente = M[i + 1][1]
        except IndexError:
            siguiente = []
        if not isinstance(siguiente, list):
            siguiente = []
        for b in contenido:
            if b["type"] != "tool_use":
                continue
            if not any(o["type"] == "tool_result" and o["tool_use_id"] == b["id"] for o in siguiente):
                print("sin observación:", b["id"])
                faltan.append(b["id"])
    return faltan

M = [("usuario", "hola"), ("asistente", [llamada("t1", "leer", ruta="lista.txt")])]
assert sin_observacion(M) == ["t1"]
assert sin_observacion(M + [("usuario", [resultado("t1", "pan")])]) == []
