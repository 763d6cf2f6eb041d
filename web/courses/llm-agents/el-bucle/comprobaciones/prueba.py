"""What the checks of «El bucle» work with: the loop's runs, as the grader's
recording model saw them (Corrida), and a Prueba that runs the learner's
bucle and the course's bucle.py on the same scripted conversation."""

from lessonrt.grading import Prueba as PruebaBase
from lessonrt.grading.guard import FALTA

from . import escenas as _escenas
from . import textos as T

NOMBRES = ("M", "herramientas")
"""How the loop calls its model: modelo(M, herramientas)."""


class Corrida:
    """One call of a bucle on a scripted conversation, as the grader saw it."""

    def __init__(self, *, tope, registro, devuelto, fallo=None, entorno_antes=None, entorno=None,
                 inicio_antes=None, inicio_despues=None, devuelve_inicio=False,
                 global_cambiado=False, salida=""):
        self.tope = tope
        self.llamadas = registro["llamadas"]
        self.n = registro["n"]
        self.excedido = registro["excedido"]
        self.agotado = registro["agotado"]
        self.recibidos = [len(ll["M"]) if isinstance(ll["M"], list) else None
                          for ll in self.llamadas]
        self.devuelto = devuelto
        self.fallo = fallo
        self.entorno_antes = entorno_antes
        self.entorno = entorno
        self.inicio_antes = inicio_antes
        self.inicio_despues = inicio_despues
        self.devuelve_inicio = devuelve_inicio
        self.global_cambiado = global_cambiado
        self.salida = salida
        self.cambiado_despues = False

    def resumen(self):
        """Plain data for a check's `did` / `expected`."""
        v = self.devuelto
        M = v[2] if isinstance(v, tuple) and len(v) == 3 and isinstance(v[2], list) else None
        if M is None and self.llamadas and isinstance(self.llamadas[-1]["M"], list):
            M = self.llamadas[-1]["M"]  # what the model last saw, when nothing came back
        return {
            "tope": self.tope,
            "llamadas": self.n,
            "recibidos": list(self.recibidos),
            "M": [T.mensaje_breve(m) for m in M] if M is not None else [],
            "devuelve": T.devuelto_breve(v),
        }


class Escena:
    """A conversation for a check: the caller's messages, the model's scripted
    answers, the environment and the tope bucle is called with."""

    def __init__(self, inicio, respuestas, entorno, tope, lanza=False):
        self.inicio = inicio
        self.respuestas = respuestas
        self.entorno = entorno
        self.tope = tope
        self.lanza = lanza  # a call in it raises, and the exception leaves bucle


INICIO = (("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "Añade a lista.txt lo que falta para las recetas."))


def copia_de_M(M):
    # The course's own bucle.py builds M from the grader's plain data: its
    # messages are (role, text) or (role, [blocks]), and a block's only
    # nested value is the dict of a call's arguments.
    return [(m[0], m[1] if type(m[1]) is str else
             [dict(b, input=dict(b["input"])) if "input" in b else dict(b) for b in m[1]])
            for m in M]


class Prueba(PruebaBase):
    """What a check works with: a fresh copy of the course, and a way to run
    the learner's bucle and the course's on the same conversation."""

    def prepara(self):
        self._bucle = self.funcion
        self.herramientas = self.congela(self.cur["HERRAMIENTAS"])
        self.ultima = None
        self.ultima_ref = None

    @property
    def sin_tiempo(self):
        c = self.ultima
        return c is not None and c.fallo is not None and c.fallo["clase"] == "plazo"

    def resumen(self):
        """What the learner's loop did and what the contract does, in the check's last run."""
        return (describe_corrida(self.ultima.resumen()) if self.ultima is not None else "",
                describe_corrida(self.ultima_ref.resumen()) if self.ultima_ref is not None else "")

    def salida(self):
        return self.ultima.salida if self.ultima is not None else ""

    def causa(self):
        if self.ultima is None or self.ultima_ref is None:
            return None
        from . import aparte  # the verdict every check over the contract shares
        causa = aparte(self, self.ultima, self.ultima_ref)
        return causa[0] if causa is not None else None

    def nuevo_modelo(self, respuestas, tope, inicio, vigilar, herramientas=True):
        return self._g.grabadora(respuestas, tope, inicio, vigilar, NOMBRES, copia_de_M, herramientas)

    def corre(self, escena):
        g = self._g
        respuestas = [g.congela(r) for r in escena.respuestas]
        tope = escena.tope

        inicio_ref, entorno_ref = g.congela(escena.inicio), g.congela(escena.entorno)
        ref = self._corre_curso(respuestas, tope, inicio_ref, entorno_ref)
        inicio, entorno = g.congela(escena.inicio), g.congela(escena.entorno)
        c = self._corre_alumno(respuestas, tope, inicio, entorno)
        self.ultima, self.ultima_ref = c, ref
        return c, ref

    def _corre_curso(self, respuestas, tope, inicio, entorno, lanza=False):
        """The course's bucle.py on a conversation. In a scene that `lanza`, its
        exceptions (ejecutar's ValueError, leer's KeyError) are part of the
        contract: kept as data. Any other is the grader's own error."""
        g = self._g
        modelo, lee = self.nuevo_modelo(respuestas, tope, inicio, False, False)
        try:
            devuelto, fallo = g.congela(self.cur["bucle"](modelo, inicio, entorno, tope)), None
        except (ValueError, KeyError) as error:
            if not lanza:
                raise
            devuelto = T.NADA
            fallo = {"clase": "excepcion", "tipo": type(error).__name__,
                     "mensaje": str(error)[:400], "marcos": [], "sintaxis": False}
        return Corrida(tope=tope, registro=lee(), devuelto=devuelto, fallo=fallo,
                       entorno=g.congela(entorno))

    def _corre_alumno(self, respuestas, tope, inicio, entorno):
        g = self._g
        inicio_antes, entorno_antes = g.congela(inicio), g.congela(entorno)
        global_antes = g.congela(self._ns.get("ENTORNO", FALTA))
        modelo, lee = self.nuevo_modelo(respuestas, tope, inicio, True)
        valor, fallo, salida = g.corre(self._bucle, (modelo, inicio, entorno, tope), self._limite)
        c = Corrida(
            tope=tope, registro=lee(), fallo=fallo, salida=salida,
            devuelto=T.NADA if fallo is not None else g.congela(valor),
            entorno_antes=entorno_antes, entorno=g.congela(entorno),
            inicio_antes=inicio_antes, inicio_despues=g.congela(inicio),
            devuelve_inicio=(issubclass(type(valor), tuple) and tuple.__len__(valor) == 3
                             and tuple.__getitem__(valor, 2) is inicio),
            global_cambiado=g.congela(self._ns.get("ENTORNO", FALTA)) != global_antes,
        )
        return c

    def escena(self, descripcion):
        """The Escena of a description of escenas.py."""
        tope, turnos = descripcion
        respuestas = _escenas.respuestas_de(turnos, self.cur["texto"], self.cur["llamada"])
        lanza = any(b[0] == "e" for t in turnos for b in t)
        return Escena(list(INICIO), respuestas, dict(self.cur["ENTORNO"]), tope,
                             lanza)

    def corre_varias(self, escenas, sesion=False):
        """Run the course's bucle.py on every scene, then the learner's bucle
        on every scene in one guarded series (a first run out of time ends
        it). With `sesion`, the scenes are one caller's calls, one after
        another, sharing the first scene's inicio list and environment; each
        c then says in `cambiado_despues` whether what that call returned
        changed during the later calls. Returns [(c, ref)], one per scene run."""
        g = self._g
        respuestas = [[g.congela(r) for r in esc.respuestas] for esc in escenas]
        refs, trabajos, lecturas = [], [], []
        inicio, entorno = g.congela(escenas[0].inicio), g.congela(escenas[0].entorno)
        for esc, rs in zip(escenas, respuestas):
            if not sesion:
                inicio, entorno = g.congela(esc.inicio), g.congela(esc.entorno)
            refs.append(self._corre_curso(rs, esc.tope, inicio, entorno, esc.lanza))
        inicio, entorno = g.congela(escenas[0].inicio), g.congela(escenas[0].entorno)
        for esc, rs in zip(escenas, respuestas):
            if not sesion:
                inicio, entorno = g.congela(esc.inicio), g.congela(esc.entorno)
            modelo, lee = self.nuevo_modelo(rs, esc.tope, inicio, True)
            trabajos.append((modelo, inicio, entorno, esc.tope))
            lecturas.append(lee)
        # Each scene has the check's time of its own (a learner is promised that
        # much per run of their code), the series 2.5 times that: the page's
        # watchdog waits for a check its time plus 4 s.
        hechos, salida = g.corre_serie(self._bucle, trabajos, self._segundos,
                                       2.5 * self._segundos, self._ns, "ENTORNO")
        pares = []
        for hecho, trabajo, lee, ref in zip(hechos, trabajos, lecturas, refs):
            valor, inicio = hecho["crudo"], trabajo[1]
            antes, despues = hecho["antes"], hecho["despues"]
            c = Corrida(
                tope=trabajo[3], registro=lee(), fallo=hecho["fallo"], salida=salida,
                devuelto=T.NADA if hecho["fallo"] is not None else hecho["valor"],
                entorno_antes=antes[1], entorno=despues[1],
                inicio_antes=antes[0], inicio_despues=despues[0],
                devuelve_inicio=(issubclass(type(valor), tuple) and tuple.__len__(valor) == 3
                                 and tuple.__getitem__(valor, 2) is inicio),
                global_cambiado=hecho["global_cambiado"])
            if sesion:
                c.devuelto_ahora = g.congela(valor) if c.fallo is None else T.NADA
            pares.append((c, ref))
        if sesion:
            for k, (c, _) in enumerate(pares):
                c.cambiado_despues = k < len(pares) - 1 and c.devuelto_ahora != c.devuelto
        return pares

    def comun(self, c, entorno=None):
        return T.fallo_comun(c, self._fuente, self._segundos, entorno)

    def guionizado(self, escena, c):
        """Replay what the learner's loop sent, call by call, into a fresh
        ModeloGuionizado of the grader's copy: its complaint, or None."""
        g, cur = self._g, self.cur
        copia = g.congela(escena.entorno)
        observaciones = [[cur["ejecutar"](b, copia) for b in r if b["type"] == "tool_use"]
                         for r in g.congela(escena.respuestas)]
        guion = cur["guion_de"](g.congela(escena.inicio), g.congela(escena.respuestas),
                                observaciones)
        modelo = cur["ModeloGuionizado"](guion)
        for llamada in c.llamadas:
            herramientas = llamada["herramientas"]
            try:
                modelo(llamada["M"], None if herramientas is FALTA else herramientas)
            except (cur["ErrorDeGuion"], RuntimeError) as queja:
                return str(queja)
        return None




def describe_corrida(r):
    """A run's summary (Corrida.resumen), as the lines the page shows."""
    lineas = ["tope: %s" % r["tope"], "veces que se llamó al modelo: %s" % r["llamadas"],
              "mensajes recibidos por turno: [%s]" % ", ".join(str(n) for n in r["recibidos"])]
    if r["M"]:
        lineas.append("M al final (%d mensajes):" % len(r["M"]))
        lineas.extend("  %d %s" % (i, m) for i, m in enumerate(r["M"]))
    lineas.append("devuelve: %s" % r["devuelve"])
    return "\n".join(lineas)
