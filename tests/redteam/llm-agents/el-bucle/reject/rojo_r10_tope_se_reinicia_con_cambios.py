# mistake: entiende el tope como freno para modelos "atascados" y cuenta solo los turnos seguidos en que los ficheros no cambian, reiniciando la cuenta cuando el modelo escribe algo; el tope cuenta todas las invocaciones
# fails: conversacion
# says: nunca se llama al modelo
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    sin_avance = 0   # turnos seguidos sin cambiar ningún fichero
    while sin_avance < tope:
        antes = dict(entorno)
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
        sin_avance = 0 if entorno != antes else sin_avance + 1
    return ("tope", None, M)
