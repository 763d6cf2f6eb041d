"""What a check works with: the `Probe`, one per check, and the `Result` of one run of
the learner's function. A challenge whose checks need more subclasses Probe (see
registry.py); the engine makes one per check (see engine.py).
"""

import builtins

from lessonrt.grading import textos as T
from lessonrt.i18n import _


class Result:
    """One run of the learner's function in a generic check (Probe.run)."""

    __slots__ = ("value", "error", "output")

    def __init__(self, value, error, output):
        self.value, self.error, self.output = value, error, output


class Probe:
    """What a check works with. A challenge whose checks need more (a loop's
    conversations, say) defines a subclass named Probe in its checks.

    - `p.course`: a fresh namespace with the grader's own copies of the
      challenge's FILES;
    - `p.run(*args)`: call the learner's function under the guard, with the
      check's deadline: a Result, whose `value` is a frozen copy of what it
      returned (None when it raised), `error` None or {"clase", "tipo",
      "mensaje", "marcos"}, `output` what it printed;
    - `p.freeze(x)`: a frozen plain-data copy of x (fresh arguments per run:
      the learner's code may change what it is given);
    - `p.common(r)`: the message for a run that ran out of time or raised, or None;
    - `p.show(did, expected, case=None, hint="")`: what the page shows of a
      failed check apart from its message: the two sides, as [(label, text), ...]
      for the learner's code and for the contract (label None: the text alone, under
      the challenge's own label for the side); `case`, the message less what the
      sides and the hint say, which the page shows in its place; `hint`, the hint,
      which the page shows first;
    - `p.seconds`: the time one run of learner code may take;
    - `p.alive()`: tell whoever waits on the grade that this check is still being decided
      (a check that runs the learner's code many times calls it between runs; `p.run`
      does).

    A subclass may override `fresh_course()` (what `p.course` starts as) and
    `setup()` (its own set-up, once `p.course` is ready).
    """

    def __init__(self, guardia, codigos, funcion, ns, fuente, limite, segundos, desafio, latido=None):
        self._latido = latido  # guard.latidor: says at most every LATIDO seconds
        self._g = guardia
        self.funcion = funcion
        self._ns = ns
        self._fuente = fuente
        self._limite = limite
        self._segundos = segundos
        self.seconds = segundos
        self._desafio = desafio
        self._hizo, self._esperado, self._salida, self._sin_tiempo = (), (), "", False
        self.caso, self.pista, self.caso_codigo, self.regla, self.lanzada = None, "", "", "", ""
        self._codigos = codigos
        self.course = self.fresh_course()
        self.setup()

    def fresh_course(self):
        """A fresh namespace with the grader's own copies of the course files."""
        cur = {"__name__": "curso", "__builtins__": builtins}
        for codigo in self._codigos:
            exec(codigo, cur)
        return cur

    def setup(self):
        """A subclass's own set-up, after `course` is ready."""

    def freeze(self, valor):
        return self._g.congela(valor)

    def alive(self):
        """Say, at most every guard.LATIDO seconds, that the check goes on (see engine.grade's
        on_alive): a check is many runs of the learner's code, each under its own limit, and
        the grader's work between them; on a slow engine a whole check takes several
        seconds, and a page that hears nothing for that long takes the grade for stuck."""
        if self._latido is not None:
            self._latido()

    def run(self, *args):
        self.alive()
        valor, fallo, salida = self._g.corre(self.funcion, args, self._limite)
        if fallo is not None and fallo["clase"] == "plazo":
            self._sin_tiempo = True
        self._salida = salida
        return Result(None if fallo is not None else self._g.congela(valor), fallo, salida)

    def common(self, r):
        fallo = r.error
        if fallo is None:
            return None
        nombre = self._desafio.funcion
        if fallo["clase"] == "plazo":
            return (_("Your function %(function)s did not finish in %(seconds)s s: is there a loop "
                      "that never ends?") % {"function": nombre, "seconds": T.segundos(self._segundos)}
                    + T.donde_se_acabo(fallo, self._fuente))
        if fallo["clase"] == "excepcion" and not fallo["marcos"] and fallo["tipo"] == "TypeError":
            return (_("Your function could not be called as %(signature)s. Python says: %(message)s")
                    % {"signature": self._desafio.firma, "message": fallo["mensaje"]})
        partes = [T.con_mensaje(_("Your function %(function)s raised %(type)s")
                                % {"function": nombre, "type": fallo["tipo"]}, fallo)]
        partes += T.lineas_del_alumno(fallo["marcos"], self._fuente)
        pista = T.pista_de_excepcion(fallo)
        if pista:
            partes.append(pista)
        return "\n".join(partes)

    def show(self, did=(), expected=(), case=None, hint="", code="", rule="", raised=""):
        """What the page shows beside a failed check: what the function did and what was
        expected, the case (`code`: the part of it that is Python, which the page sets as
        code), where to look, and the statement's rule it breaks or the exception the
        learner's code raised (`rule`, `raised`: a later check that breaks the same rule, or
        raises the same, shows its case folded, under one line that says so)."""
        self._hizo, self._esperado = tuple(did), tuple(expected)
        self.caso, self.pista, self.caso_codigo, self.regla = case, hint, code, rule
        self.lanzada = raised

    @property
    def sin_tiempo(self):
        """A run of this check ran out of time: the next checks get less."""
        return self._sin_tiempo

    def resumen(self):
        """(did, expected): the texts the page shows beside a failed check."""
        def texto(filas):
            return "\n".join(valor if etiqueta is None else "%s: %s" % (etiqueta, valor)
                             for etiqueta, valor in filas)
        return texto(self._hizo), texto(self._esperado)

    def salida(self):
        """What the learner's code printed in this check's last run."""
        return self._salida

    def causa(self):
        """A key for the way this check's last run parted from the contract,
        shared by checks that fail for one reason (None: its message is the key)."""
        return None
