# style: a tuple subclass with properties for the result and a list subclass for M.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: primero valida, después ejecuta
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

class Resultado(tuple):
    def __new__(cls, estado, texto, M):
        return super().__new__(cls, (estado, texto, M))

    def __getnewargs__(self):  # para que copy y pickle sepan rehacerlo
        return tuple(self)

    @property
    def terminado(self):
        return self[0] == "fin"


class Mensajes(list):
    def anade(self, rol, contenido):
        self.append((rol, contenido))


def bucle(modelo, inicio, entorno, tope):
    M = Mensajes(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.anade("asistente", r)
        llamadas = [b for b in r if b.get("type") == "tool_use"]
        if not llamadas:
            return Resultado("fin", " ".join(b["text"] for b in r if b.get("type") == "text"), M)
        M.anade("usuario", [ejecutar(ll, entorno) for ll in llamadas])
    return Resultado("tope", None, M)
