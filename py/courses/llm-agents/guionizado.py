# guionizado.py: un modelo que no genera nada. Sigue un guion escrito de
# antemano y, antes de responder, comprueba que los mensajes que recibe son
# exactamente los que el guion espera en ese turno. Así un bucle equivocado
# se nota en el turno en que se equivoca, no al final.
# Se carga con  exec(open_url("/courses/llm-agents/guionizado.py").read())

import copy


class ErrorDeGuion(Exception):
    """El modelo guionizado ha recibido algo que no es lo que dice su guion."""


def _bloque_corto(b):
    if not isinstance(b, dict):
        return repr(b)
    if b.get("type") == "text":
        return "texto %r" % b.get("text")
    if b.get("type") == "tool_use":
        return "llamada %s a %s(%s)" % (b.get("id"), b.get("name"), ", ".join(
            "%s=%r" % par for par in dict(b.get("input") or {}).items()))
    if b.get("type") == "tool_result":
        return "resultado de %s" % b.get("tool_use_id")
    return repr(b)


def _corto(s, ancho):
    return s if len(s) <= ancho else s[:ancho - 1] + "…"


def _mensaje_corto(m, ancho=150):
    """Un mensaje en una línea: su rol y sus bloques."""
    if isinstance(m, tuple) and len(m) == 2:
        rol, contenido = m
        if isinstance(contenido, list):
            cuerpo = "[" + "; ".join(_bloque_corto(b) for b in contenido) + "]"
        else:
            cuerpo = repr(contenido)
        s = "%s %s" % (rol, cuerpo)
    else:
        s = "%r (no es un par (rol, contenido))" % (m,)
    return _corto(s, ancho)


class ModeloGuionizado:
    """Se llama como un modelo: modelo(M, herramientas) devuelve una lista de
    bloques. guion es lo que fabrica guion_de: por turno, los mensajes que debe
    recibir y la respuesta que da. .turno cuenta las respuestas dadas."""

    def __init__(self, guion):
        self.guion = guion
        self.turno = 0

    def __call__(self, M, herramientas):
        n = self.turno + 1
        if self.turno >= len(self.guion):
            raise RuntimeError(
                "el guion se ha acabado: sus %d respuestas ya están dadas y el "
                "bucle ha llamado al modelo otra vez" % len(self.guion))
        nombres = self._nombres(herramientas, n)
        esperado = self.guion[self.turno]["recibe"]
        self._compara(n, esperado, M)
        respuesta = self.guion[self.turno]["responde"]
        for b in respuesta:
            if b["type"] == "tool_use" and b["name"] not in nombres:
                raise ErrorDeGuion(
                    "turno %d: el guion pide la herramienta %r, que no está entre "
                    "las herramientas recibidas" % (n, b["name"]))
        self.turno = n
        # Una copia: si el bucle modifica la respuesta, el guion sigue intacto
        # y el turno siguiente descubre el cambio.
        return copy.deepcopy(respuesta)

    @staticmethod
    def _nombres(herramientas, n):
        if (not isinstance(herramientas, list) or not herramientas
                or not all(isinstance(h, dict) and "name" in h for h in herramientas)):
            raise ErrorDeGuion(
                "turno %d: el modelo no ha recibido las herramientas (llegó %s); "
                "llámalo como modelo(M, HERRAMIENTAS)" % (n, _corto(repr(herramientas), 60)))
        return {h["name"] for h in herramientas}

    @staticmethod
    def _compara(n, esperado, M):
        if not isinstance(M, list):
            raise ErrorDeGuion("turno %d: M debe ser una lista de mensajes, y llegó %s"
                               % (n, type(M).__name__))
        for i in range(max(len(esperado), len(M))):
            if i >= len(M):
                raise ErrorDeGuion(
                    "turno %d: falta el mensaje %d. El guion esperaba %d mensajes y "
                    "llegaron %d.\n  esperaba: %s"
                    % (n, i, len(esperado), len(M), _mensaje_corto(esperado[i])))
            if i >= len(esperado):
                raise ErrorDeGuion(
                    "turno %d: sobra el mensaje %d. El guion esperaba %d mensajes y "
                    "llegaron %d.\n  llegó:    %s"
                    % (n, i, len(esperado), len(M), _mensaje_corto(M[i])))
            if M[i] != esperado[i]:
                raise ErrorDeGuion(
                    "turno %d: el mensaje %d no es el del guion.\n  esperaba: %s\n"
                    "  llegó:    %s" % (n, i, _mensaje_corto(esperado[i]),
                                        _mensaje_corto(M[i])))
