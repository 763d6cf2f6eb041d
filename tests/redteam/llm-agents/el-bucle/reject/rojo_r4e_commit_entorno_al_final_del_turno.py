# mistake: Ejecuta las llamadas de cada turno sobre una copia del entorno y sólo la vuelca al final, así que si una llamada lanza (leer de una ruta que no existe) se pierden las escrituras que ya habían hecho las llamadas anteriores del mismo turno.
# fails: conversacion
# says: las llamadas de una respuesta pasan
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
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        # el turno se aplica entero o no se aplica: trabajo sobre un borrador
        borrador = dict(entorno)
        observaciones = [ejecutar(ll, borrador) for ll in llamadas]
        entorno.update(borrador)
        M.append(("usuario", observaciones))
    return "tope", None, M
