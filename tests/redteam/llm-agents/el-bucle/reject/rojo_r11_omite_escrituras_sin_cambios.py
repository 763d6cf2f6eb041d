# mistake: optimización: si una llamada a escribir deja el fichero igual que estaba, no la ejecuta y fabrica él mismo la observación; el enunciado dice que cada llamada pasa por ejecutar (por su nombre, también si se redefine)
# fails: generadas
# says: no hace su llamada número 2 a ejecutar
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def _observa(bloque, entorno):
    entrada = bloque.get("input")
    if (bloque.get("name") == "escribir" and isinstance(entrada, dict)
            and "ruta" in entrada and "contenido" in entrada
            and entorno.get(entrada["ruta"]) == entrada["contenido"]):
        # el fichero ya tiene ese contenido: no hace falta reescribirlo
        return resultado(bloque["id"], "%s: %d caracteres escritos"
                         % (entrada["ruta"], len(entrada["contenido"])))
    return ejecutar(bloque, entorno)

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [_observa(bloque, entorno) for bloque in llamadas]))
    return ("tope", None, M)
