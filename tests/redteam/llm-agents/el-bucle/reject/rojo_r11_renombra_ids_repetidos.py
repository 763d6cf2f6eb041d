# mistake: como el protocolo pide ids únicos, "arregla" un id repetido en la misma respuesta cambiándolo (t1 -> t1_2) en el propio bloque; la respuesta guardada en M ya no es la que dio el modelo y la observación lleva otro id
# fails: generadas
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        vistos = set()
        for b in llamadas:
            if b["id"] in vistos:
                n = 2
                while "%s_%d" % (b["id"], n) in vistos:
                    n += 1
                b["id"] = "%s_%d" % (b["id"], n)
            vistos.add(b["id"])
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
