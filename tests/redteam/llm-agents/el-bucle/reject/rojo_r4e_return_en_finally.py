# mistake: Pone el return dentro de un finally para 'devolver siempre M', lo que se traga cualquier excepción de ejecutar o del modelo: leer una ruta que no existe devuelve ('tope', None, M) en lugar de lanzar KeyError.
# fails: generadas
# says: si ejecutar o el modelo lanzan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...


def ejecutar(ll, entorno):
    # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    estado, texto_final = "tope", None
    try:
        for _ in range(tope):
            r = modelo(M, HERRAMIENTAS)
            M.append(("asistente", r))
            llamadas = [b for b in r if b["type"] == "tool_use"]
            if not llamadas:
                estado = "fin"
                texto_final = " ".join(b["text"] for b in r if b["type"] == "text")
                break
            M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    finally:
        return estado, texto_final, M  # pase lo que pase, devuelvo lo que hay
