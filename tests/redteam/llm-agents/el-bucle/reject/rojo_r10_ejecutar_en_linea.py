# mistake: "ahorra" una función metiendo en el bucle lo que hace ejecutar (incumple + FUNCIONES + resultado); si después se define otra ejecutar, bucle no la usa
# fails: conversacion
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
        observaciones = []
        for b in llamadas:
            # lo mismo que ejecutar, sin pasar por otra función
            motivo = incumple(b)
            if motivo is not None:
                raise ValueError(motivo)
            salida = FUNCIONES[b["name"]](entorno, **b["input"])
            observaciones.append(resultado(b["id"], salida))
        M.append(("usuario", observaciones))
    return ("tope", None, M)
