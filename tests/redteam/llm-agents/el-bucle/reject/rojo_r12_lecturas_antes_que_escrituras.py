# mistake: ejecuta primero las llamadas que solo leen y después las que escriben (para que las lecturas vean los ficheros "como los vio el modelo"), aunque las observaciones salgan en el orden pedido; rompe el "en su orden"
# fails: generadas
# says: lanzó KeyError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


SOLO_LEEN = {"listar", "leer", "buscar"}


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        # Las llamadas de un turno las pidió el modelo a la vez, viendo los ficheros
        # como estaban: primero las lecturas y después las escrituras.
        obs = [None] * len(llamadas)
        for i, b in enumerate(llamadas):
            if b.get("name") in SOLO_LEEN:
                obs[i] = ejecutar(b, entorno)
        for i, b in enumerate(llamadas):
            if b.get("name") not in SOLO_LEEN:
                obs[i] = ejecutar(b, entorno)
        M.append(("usuario", obs))
    return ("tope", None, M)
