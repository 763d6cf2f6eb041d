# right: cada mensaje se envuelve en un dataclass con propiedades llamadas/observaciones; se recorre una copia con un mensaje vacío al final
exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado: para tus pruebas
from dataclasses import dataclass

@dataclass(frozen=True)
class Mensaje:
    rol: str
    contenido: object

    def _de_tipo(self, tipo):
        if not isinstance(self.contenido, list):
            return []
        return [b for b in self.contenido if b.get("type") == tipo]

    @property
    def llamadas(self):
        if self.rol != "asistente":
            return []
        return [b["id"] for b in self._de_tipo("tool_use")]

    @property
    def observaciones(self):
        return {b.get("tool_use_id") for b in self._de_tipo("tool_result")}

def sin_observacion(M):
    # Los id de las llamadas de M cuyo tool_result no está en el mensaje siguiente,
    # en el orden en que aparecen en M.
    mensajes = [Mensaje(rol, contenido) for rol, contenido in M]
    mensajes.append(Mensaje("usuario", ""))   # en la copia, no en M
    faltan = []
    for actual, siguiente in zip(mensajes, mensajes[1:]):
        llegadas = siguiente.observaciones
        faltan += [x for x in actual.llamadas if x not in llegadas]
    return faltan
