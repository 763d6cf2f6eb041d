# Le falta el : del for.
# fails: all
# says: error de sintaxis en la línea 17
# error: Error de sintaxis en la línea 17
# error: for _ in range(tope)
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope)
        r = modelo(M, HERRAMIENTAS)
    return "tope", None, M
