# mistake: Repeated read-only calls (leer/listar/buscar with the same input) are answered from a cache instead of going through ejecutar again, so ejecutar is skipped and stale content can be returned after a write.
# fails: generadas
# says: las llamadas de una respuesta pasan todas
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

SOLO_LECTURA = ("leer", "listar", "buscar")

def bucle(modelo, inicio, entorno, tope):
    # Devuelve ("fin", texto, M) o ("tope", None, M), con el contrato de la lección.
    M = list(inicio)
    hechas = {}  # lecturas ya hechas en esta conversación
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        observaciones = []
        for ll in llamadas:
            clave = (ll["name"], repr(ll["input"]))
            if ll["name"] in SOLO_LECTURA and clave in hechas:
                observaciones.append(resultado(ll["id"], hechas[clave]["content"]))
            else:
                obs = ejecutar(ll, entorno)
                hechas[clave] = obs
                observaciones.append(obs)
        M.append(("usuario", observaciones))
    return ("tope", None, M)
