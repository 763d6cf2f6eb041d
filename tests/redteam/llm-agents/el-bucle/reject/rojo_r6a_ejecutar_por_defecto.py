# mistake: ejecutar is bound as a default argument when bucle is defined, so if the global ejecutar is later replaced (as the checker does with its own ejecutar) bucle keeps calling the old one.
# fails: conversacion
# says: las llamadas de una respuesta pasan todas
# fails: generadas
# says: en el último turno que permite el tope
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope, ejecutar=ejecutar, herramientas=HERRAMIENTAS):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    # (ejecutar y herramientas como argumentos locales: más rápido de buscar)
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, herramientas)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return ("tope", None, M)
