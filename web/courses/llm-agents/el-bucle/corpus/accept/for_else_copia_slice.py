# for ... else, con inicio[:] y funciones auxiliares.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def _pide(r):
    return [b for b in r if b.get("type") == "tool_use"]

def _texto(r):
    return " ".join(b["text"] for b in r if b.get("type") == "text")

def bucle(modelo, inicio, entorno, tope):
    M = inicio[:]
    for _ in range(tope):
        respuesta = modelo(M, HERRAMIENTAS)
        M.append(("asistente", respuesta))
        if not _pide(respuesta):
            break
        M.append(("usuario", [ejecutar(ll, entorno) for ll in _pide(respuesta)]))
    else:
        return "tope", None, M
    return "fin", _texto(respuesta), M
