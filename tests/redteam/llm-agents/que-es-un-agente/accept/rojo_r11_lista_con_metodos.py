# right: una subclase de list con métodos para las llamadas y las observaciones de cada mensaje
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas

class Conversacion(list):
    def bloques(self, i):
        if i >= len(self):
            return []
        contenido = self[i][1]
        return [] if isinstance(contenido, str) else contenido

    def llamadas(self, i):
        if self[i][0] != "asistente":
            return []
        return [b["id"] for b in self.bloques(i) if b.get("type") == "tool_use"]

    def observadas(self, i):
        return {b.get("tool_use_id") for b in self.bloques(i) if b.get("type") == "tool_result"}

    def pendientes(self):
        faltan = []
        for i in range(len(self)):
            hay = self.observadas(i + 1)
            faltan.extend(id for id in self.llamadas(i) if id not in hay)
        return faltan


def sin_observacion(M):
    return Conversacion(M).pendientes()
