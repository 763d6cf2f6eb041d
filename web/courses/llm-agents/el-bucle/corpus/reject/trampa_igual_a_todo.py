# Trampa: devuelve objetos que dicen ser iguales a cualquier cosa.
# fails: conversacion
# says: bucle devuelve una tupla de tres
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Comodin(str):
    def __eq__(self, otro):
        return True
    def __ne__(self, otro):
        return False
    __hash__ = str.__hash__

class ListaComodin(list):
    def __eq__(self, otro):
        return True
    def __ne__(self, otro):
        return False

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return Comodin("fin"), Comodin("?"), ListaComodin(M)
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return Comodin("tope"), None, ListaComodin(M)
