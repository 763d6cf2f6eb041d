# Un nombre mal escrito en el código principal.
# fails: all
# says: NameError en la línea 18
# error: NameError
# error: línea 18, en el código principal
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

def bucle(modelo, inicio, entorno, tope):
    return "tope", None, list(inicio)

print(bucles)
