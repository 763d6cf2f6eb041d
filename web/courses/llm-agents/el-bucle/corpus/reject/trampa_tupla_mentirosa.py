# Trampa: devuelve una subclase de tuple cuyo __eq__ dice que sí a todo.
# fails: conversacion
# says: el bucle solo termina cuando una
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Siempre(tuple):
    def __eq__(self, otro):
        return True

    def __ne__(self, otro):
        return False

    __hash__ = tuple.__hash__

def bucle(modelo, inicio, entorno, tope):
    return Siempre(("fin", "", []))
