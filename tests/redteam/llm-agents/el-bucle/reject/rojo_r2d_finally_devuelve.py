# mistake: Wraps the loop in try/finally with the return inside finally, which swallows exceptions from ejecutar and the model.
# fails: generadas
# says: si ejecutar o el modelo lanzan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
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
        return (estado, texto_final, M)  # pase lo que pase, devuelve M
