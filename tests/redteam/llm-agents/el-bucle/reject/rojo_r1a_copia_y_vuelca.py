# mistake: it works on a copy of entorno and copies it back only when returning normally, so writes made before an exception are lost.
# fails: conversacion
# says: las llamadas de una respuesta pasan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    trabajo = dict(entorno)
    resultado_final = ("tope", None, M)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            resultado_final = ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
            break
        M.append(("usuario", [ejecutar(ll, trabajo) for ll in llamadas]))
    entorno.clear()
    entorno.update(trabajo)   # los cambios, de una vez al final
    return resultado_final
