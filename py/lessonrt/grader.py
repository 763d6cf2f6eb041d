"""Grade the challenge of «El bucle»: the learner's bucle(modelo, inicio, entorno, tope).

    grade(source, *, open_url, time_limit=2.0, on_check=None) -> dict
    grade_file(path) -> int          (the command line: exit 0 / 1 / 2)

The same code runs in CPython and in Pyodide (a Web Worker); the only platform
difference, how `open_url` reads a course file, is passed in by the caller.

How a grading goes. The grader reads the course files (guionizado.py,
entorno.py, bucle.py) once through `open_url` and compiles its own copies. It
runs the learner's file once, in a fresh `__main__`, and takes its `bucle`.
Each check (in _grader_bucle.py) then execs the grader's copies into a fresh
namespace, scripts a conversation, and calls both the learner's bucle and the
course's bucle.py with the grader's own recording models. The verdict compares
what the two models recorded (frozen copies of every M and every tool list they
received, how many calls) and what the two loops returned. The learner's code
provides only its `bucle`: redefining ModeloGuionizado, HERRAMIENTAS, ejecutar
or guion_de in the learner's file can change what the learner's loop does, never
what it is compared with.

The ten fixed checks come first, each with a conversation of the lesson's. Then
two checks explore the contract: "generadas" runs 258 conversations that
_grader_escenas.py generates from small to large (tope 0 to 6, responses with
no block, 0 to 3 texts with spaces at their edges before, between and after
the calls, 1 to 6 calls to every tool, identical calls repeated, calls that
break their schema or read a missing path, whose exception leaves bucle), and
"varias-veces" makes one caller call bucle several times with the same inicio
and environment. In each, the learner's loop and bucle.py are compared on
everything the contract fixes: M and the tools at every call of the model, the
value returned, the environment, the exception. The first scene where they part
is the one the message shows, turn by turn. The learner's runs of one such
check go in a single guarded series (grader.Prueba.corre_varias), so the
interpreter is put back once per check, not once per scene; the whole series
shares the check's time limit. A check that fails for a reason an earlier one
already gave (the same way of parting from the contract, or the same words)
says so in one line instead of repeating it.

What learner code cannot do (each learner run goes through _grader_guard's corre):
- take too long: every run (the top-level code, each check) has a deadline,
  raised inside learner frames: by sys.monitoring LINE/JUMP events on Python
  >= 3.12 (Pyodide), which keep raising even inside an `except BaseException`;
  by sys.settrace "line" events on 3.11, plus "opcode" events in the learner's
  own file (3.11 gives a one-line `while True: pass` no line events). The
  grader's models check the clock too and re-arm the trace 3.11 switches off
  after raising. Once a check runs out of time the next ones get a quarter of
  the limit: a loop that hangs once hangs everywhere;
- call the model past the tope: the grader's models refuse (a private
  exception) and remember it, so a loop that ignores tope fails at once;
- escape by raising anything (SystemExit, KeyboardInterrupt, its own
  BaseException subclasses): each becomes a failed check, with the learner's
  own traceback lines (frames compiled as <desafío> only). A KeyboardInterrupt
  that arrives through SIGINT (Ctrl+C, the page's Stop button through Pyodide's
  interrupt buffer) does stop the grading: grade() raises it;
- print its way to a pass: stdout and stderr are captured and returned apart,
  stdin is empty; the command line reads the child's results from a private
  descriptor, each line marked with a nonce, while fd 1 goes to /dev/null;
- patch its way to a pass: after every run the guard puts back the builtins
  dict, sys's attributes (streams, hooks, settrace/setprofile, which are inert
  while learner code runs), the recursion limit, sys.path and the import hooks,
  gc callbacks, the attributes of the standard modules the grader uses after
  learner code has run (copy, gc, io, json, re), the grader's own modules as they
  were when first imported (their dicts, their functions' code, defaults and
  kwdefaults, their classes' dicts), their entries in sys.modules, signal
  handlers and interval timers, and sys.monitoring tools. Verdicts are then
  computed from plain frozen data by code bound before learner code ran: the
  models, the copier and the guard itself are closures made per grading that
  hold what they use in their own cells; the grader's modules keep no mutable
  state at module level; gc stays disabled outside learner runs, so learner
  finalizers and gc callbacks only ever run inside a guarded run;
- fool a comparison: frozen data holds only lists, tuples, dicts, strings,
  numbers and None; any other object (a subclass, something with a lying
  __eq__) is kept as an opaque token equal only to itself. The one exception
  is a tuple subclass whose own classes define nothing that compares, hashes
  or reads items (a namedtuple): the contract's == says it equals the tuple of
  its fields, and it is frozen as that tuple. The classes are read through
  type's own descriptors, so no learner code runs to decide it.

What it cannot stop, inside one interpreter:
- introspection: code that digs through gc.get_objects(), frames
  (sys._getframe, tracebacks) or closures (modelo.__closure__) can reach the
  grader's own objects and records and rewrite them. The browser grades in a
  worker the page can throw away, so at worst learners fool their own page;
  the command line grades in a child process;
- switching the deadline off on purpose (freeing the monitoring tool, setting
  frame.f_trace) or, on 3.11, a loop that catches the deadline and calls
  nothing of the grader's; and a long loop inside C code (sum(range(10**12))):
  the outer limit takes over: the page terminates the worker, the command line
  kills its child process and reports the time;
- memory writes through ctypes: code that imports ctypes can rewrite any
  object in place, a builtin type's comparison slot (tp_richcompare of tuple,
  say) or the grader's frozen records, so that a wrong loop compares equal.
  Pyodide's list of the standard modules it removes does not include ctypes,
  and the worker's memory is one linear array, so the same writes should work
  there (not tried in these tests); as with introspection, only the learner's own page and the
  command line's child process are fooled;
- the tools the model receives are frozen again only when the list or one of
  its dicts is another object: a loop that edits the nested schemas of
  HERRAMIENTAS in place between two calls of the model is not seen (the
  grader's models do not read the tools, so it changes no other verdict);
- threads (CPython only; Pyodide has none): a thread started by learner code is
  detected after the run and fails the grading, but is not stopped;
- os._exit() and the like end the process: the command line reports it.

Errors in the grader itself come back as a result ("algo ha fallado en el
corrector") rather than an exception, except when the environment variable
LESSONRT_GRADER_STRICT=1 is set (the tests set it), where they are raised.
"""

import builtins
import copy
import gc
import io
import json
import json.encoder
import os
import re
import signal
import sys
import time
import types

import lessonrt
from lessonrt import _grader_bucle as _bucle
from lessonrt import _grader_escenas as _escenas
from lessonrt import _grader_guard as _guard
from lessonrt import _grader_textos as T

CURSO = "/courses/llm-agents/"
FICHEROS_DEL_CURSO = ("guionizado.py", "entorno.py", "bucle.py")
"""Course files the grader loads for itself, in this order, into each check's namespace."""

PREFIJO_PROPIO = "<corrector>"
"""Filename prefix of the grader's own copies of the course files."""

ESTRICTO = "LESSONRT_GRADER_STRICT"
"""Environment variable: set to 1 and the grader's own errors are raised."""

_reloj = time.perf_counter  # bound before any learner code can replace time.perf_counter


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


class Prueba:
    """What a check works with: a fresh copy of the course, and a way to run
    the learner's bucle and the course's on the same conversation."""

    def __init__(self, guardia, codigos, bucle, ns, fuente, limite, segundos):
        self._g = guardia
        self._bucle = bucle
        self._ns = ns
        self._fuente = fuente
        self._limite = limite
        self._segundos = segundos
        self.segundos = segundos  # the time of one run of learner code
        self.cur = {"__name__": "curso", "__builtins__": builtins}
        for codigo in codigos:
            exec(codigo, self.cur)
        self.herramientas = guardia.congela(self.cur["HERRAMIENTAS"])
        self.ultima = None
        self.ultima_ref = None

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
        modelo, lee = g.nuevo_modelo(respuestas, tope, inicio, False, False)
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
        global_antes = g.congela(self._ns.get("ENTORNO", _guard.FALTA))
        modelo, lee = g.nuevo_modelo(respuestas, tope, inicio, True)
        valor, fallo, salida = g.corre(self._bucle, (modelo, inicio, entorno, tope), self._limite)
        c = Corrida(
            tope=tope, registro=lee(), fallo=fallo, salida=salida,
            devuelto=T.NADA if fallo is not None else g.congela(valor),
            entorno_antes=entorno_antes, entorno=g.congela(entorno),
            inicio_antes=inicio_antes, inicio_despues=g.congela(inicio),
            devuelve_inicio=(issubclass(type(valor), tuple) and tuple.__len__(valor) == 3
                             and tuple.__getitem__(valor, 2) is inicio),
            global_cambiado=g.congela(self._ns.get("ENTORNO", _guard.FALTA)) != global_antes,
        )
        return c

    def escena(self, descripcion):
        """The Escena of a description of _grader_escenas."""
        tope, turnos = descripcion
        respuestas = _escenas.respuestas_de(turnos, self.cur["texto"], self.cur["llamada"])
        lanza = any(b[0] == "e" for t in turnos for b in t)
        return _bucle.Escena(list(_bucle.INICIO), respuestas, dict(self.cur["ENTORNO"]), tope,
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
            modelo, lee = g.nuevo_modelo(rs, esc.tope, inicio, True)
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
                modelo(llamada["M"], None if herramientas is _guard.FALTA else herramientas)
            except (cur["ErrorDeGuion"], RuntimeError) as queja:
                return str(queja)
        return None


def grade(source, *, open_url, time_limit=2.0, on_check=None):
    """Grade `source` (the learner's whole file, starter code included).

    `open_url(url)` returns a file-like object whose .read() is the text of a
    course file ("/courses/llm-agents/entorno.py"). `time_limit` is in seconds,
    per check. `on_check(check)`, if given, receives each check's dict as soon
    as it is decided. Returns plain data:

        {"checks": [{"id", "title", "passed", "message", "did", "expected",
                     "output"}, ...],
         "passed": int, "total": int, "solved": bool, "error": str | None,
         "output": str}

    `did` is what the learner's loop did in the check's (last) run: tope,
    llamadas (calls to the model), recibidos (messages received per turn),
    M (short form of each message), devuelve (the returned value, short);
    `expected` is the same for the course's bucle.py. `output` is what the
    learner's code printed. `error` says why nothing could be checked (a
    syntax error, no bucle, ...), or None.
    """
    estricto = os.environ.get(ESTRICTO) == "1"
    comprobaciones = _bucle.COMPROBACIONES
    try:
        return _grade(source, open_url, time_limit, on_check, comprobaciones)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: B036 - the grader never crashes on a learner
        if estricto:
            raise
        return _resultado(comprobaciones, [], error=(
            "Algo ha fallado en el corrector, no en tu código (%s). Vuelve a comprobar; "
            "si se repite, avisa a quien mantiene el curso." % type(error).__name__),
            motivo="algo ha fallado en el corrector")


def _grade(source, open_url, time_limit, on_check, comprobaciones):
    if not isinstance(source, str):
        return _resultado(comprobaciones, [], error="No hay código que comprobar.",
                          motivo="no hay código")
    segundos = float(time_limit)
    if not segundos > 0:
        raise ValueError("time_limit must be positive")

    textos = {}
    for nombre in FICHEROS_DEL_CURSO:
        url = CURSO + nombre
        try:
            textos[url] = open_url(url).read()
        except Exception as error:
            return _resultado(comprobaciones, [], error=(
                "No se han podido cargar los ficheros del curso (%s: %s). Comprueba la "
                "conexión y vuelve a comprobar." % (url, error)),
                motivo="no se han podido cargar los ficheros del curso")
    codigos = tuple(compile(textos[CURSO + n], PREFIJO_PROPIO + CURSO + n, "exec",
                            dont_inherit=True) for n in FICHEROS_DEL_CURSO)

    if "\0" in source:
        return _resultado(comprobaciones, [], error=(
            "Tu código contiene un carácter nulo (\\0) y Python no puede leerlo."),
            motivo="Python no puede leer tu código")
    try:
        codigo = compile(source, _guard.FICHERO, "exec", dont_inherit=True)
    except SyntaxError as error:
        mensaje, motivo = T.error_de_sintaxis(error, source)
        return _resultado(comprobaciones, [], error=mensaje, motivo=motivo)

    principal = types.ModuleType("__main__")
    g = _guard.prepara(propios=_PROPIOS | {c.co_filename for c in codigos},
                       foto_propia=_foto_propia(), modulos_propios=_MODULOS_PROPIOS,
                       principal=principal, estandar=_ESTANDAR)
    try:
        g.restaura()  # undo whatever code run before grading did to the grader's modules
        ns = principal.__dict__
        ns["__builtins__"] = builtins
        ns["open_url"] = g.abre_curso(textos, open_url)
        _, fallo, salida = g.corre(exec, (codigo, ns), _reloj() + segundos)
        if fallo is not None:
            mensaje, motivo = T.error_al_cargar(fallo, source, segundos)
            return _resultado(comprobaciones, [], error=mensaje, motivo=motivo, salida=salida)
        bucle = ns.get("bucle")
        if bucle is None:
            return _resultado(comprobaciones, [], salida=salida, motivo="no hay función bucle",
                              error="Tu código no define bucle: el desafío es escribir "
                                    "def bucle(modelo, inicio, entorno, tope).")
        if not callable(bucle):
            return _resultado(comprobaciones, [], salida=salida, motivo="bucle no es una función",
                              error="bucle es %s, no una función: el desafío es escribir "
                                    "def bucle(modelo, inicio, entorno, tope)."
                                    % T.describe(g.congela(bucle)))
        hechas, plazo, causas = [], segundos, {}
        for id, titulo, comprobacion in comprobaciones:
            if g.hay_hilos():
                return _resultado(comprobaciones, hechas, salida=salida, motivo=(
                    "tu código ha arrancado un hilo"), error=(
                    "Tu código ha arrancado un hilo (threading) que sigue corriendo: el "
                    "corrector no puede comprobar código que cambia cosas por su cuenta."))
            p = Prueba(g, codigos, bucle, ns, source, _reloj() + plazo, plazo)
            passed, message = comprobacion(p)
            c = p.ultima
            if c is not None and c.fallo is not None and c.fallo["clase"] == "plazo":
                # A loop that hangs once hangs in every check: don't make the
                # learner wait the whole limit ten times.
                plazo = segundos / 4
            if not passed:
                message = _una_vez(causas, titulo, message, p, id in _bucle.GENERADAS)
            entrada = {
                "id": id, "title": titulo, "passed": bool(passed), "message": message,
                "did": c.resumen() if c is not None else {},
                "expected": p.ultima_ref.resumen() if p.ultima_ref is not None else {},
                "output": c.salida if c is not None else "",
            }
            hechas.append(entrada)
            if on_check is not None:
                on_check(copy.deepcopy(entrada))
        g.corre(_suelta, (ns, g.vivos), _reloj() + 1.0)
        return _resultado(comprobaciones, hechas, salida=salida)
    finally:
        g.termina()


def _una_vez(causas, titulo, mensaje, p, generada):
    """One cause, one message: a check that fails with the very message of an
    earlier one, or a check over generated conversations that parts from the
    contract in the way an earlier check did, points to it instead of saying
    it again. (The fixed checks keep their own words: each explains its
    conversation in its own terms.)"""
    claves = [re.sub(r"\d+", "#", mensaje)]  # the same words about another number of calls
    if p.ultima is not None and p.ultima_ref is not None:
        causa = _bucle.aparte(p, p.ultima, p.ultima_ref)
        if causa is not None:
            claves.append(causa[0])
    # A run out of time or an exception is the same paragraph in any check.
    comun = len(claves) > 1 and claves[1].startswith("fallo:")
    for clave in claves if generada or comun else claves[:1]:
        if clave in causas:
            return ("Falla por la misma causa que «%s», más arriba: arreglado aquello, "
                    "vuelve a comprobar." % causas[clave])
    for clave in claves:
        causas.setdefault(clave, titulo)
    return mensaje


def _suelta(ns, vivos):
    # Learner objects go away inside a guarded run, so their __del__ is learner code too.
    vivos.clear()
    ns.clear()


def _resultado(comprobaciones, hechas, *, error=None, motivo=None, salida=""):
    checks = list(hechas)
    for id, titulo, _ in comprobaciones[len(hechas):]:
        checks.append({"id": id, "title": titulo, "passed": False,
                       "message": "No se ha podido probar: %s." % (motivo or "falta algo"),
                       "did": {}, "expected": {}, "output": ""})
    passed = sum(1 for c in checks if c["passed"])
    return {"checks": checks, "passed": passed, "total": len(checks),
            "solved": error is None and bool(checks) and passed == len(checks),
            "error": error, "output": salida}


# -- the command line -------------------------------------------------------------------

def open_url_local(url, *, raiz=None):
    """open_url for CPython: "/courses/llm-agents/x.py" reads py/courses/llm-agents/x.py."""
    raiz = raiz or _RAIZ_PY
    partes = str(url).split("?", 1)[0].lstrip("/").split("/")
    if partes[0] != "courses" or any(p in ("", ".", "..") for p in partes):
        raise OSError("No se puede abrir %s: sólo hay ficheros en /courses/." % url)
    try:
        with open(os.path.join(raiz, *partes), encoding="utf-8") as f:
            return io.StringIO(f.read())
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise FileNotFoundError("No existe %s." % url) from None


_RAIZ_PY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def grade_file(path, *, time_limit=2.0, timeout=None, escribe=None):
    """Grade a file from the command line; print one line per check and the
    summary. Returns 0 when every check passes, 1 when any fails, 2 when the
    file cannot be read. The grading runs in a child process, so nothing the
    learner's code does (not even a loop inside C code) can hang this one:
    `timeout` (seconds) bounds each step, by default a generous 2 × time_limit + 3."""
    escribe = escribe or _escribe
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except FileNotFoundError:
        escribe("No existe el fichero %s." % path, error=True)
        return 2
    except (OSError, UnicodeDecodeError) as problema:
        escribe("No se puede leer %s: %s" % (path, problema), error=True)
        return 2
    paso = timeout if timeout is not None else 2 * time_limit + 3

    def al_decidir(check):
        marca = "✓" if check["passed"] else "✗"
        lineas = check["message"].splitlines() or [""]
        escribe("%s %s — %s" % (marca, check["title"], lineas[0]))
        for linea in lineas[1:]:
            escribe("    " + linea)

    resultado = _en_hijo(source, time_limit, paso, al_decidir)
    if resultado["error"]:
        escribe("")
        for linea in resultado["error"].splitlines():
            escribe(linea)
        for check in resultado["checks"]:
            if not check.get("_mostrado"):
                al_decidir(check)
    escribe("%d de %d pruebas superadas" % (resultado["passed"], resultado["total"]))
    return 0 if resultado["solved"] else 1


def _escribe(texto, error=False):
    destino = sys.stderr if error else sys.stdout
    try:
        print(texto, file=destino, flush=True)
    except UnicodeEncodeError:
        codificacion = getattr(destino, "encoding", None) or "ascii"
        print(texto.encode(codificacion, "backslashreplace").decode(codificacion),
              file=destino, flush=True)


def _en_hijo(source, time_limit, paso, al_decidir):
    """Run grade() in a child Python and follow it. Each line the child writes
    that starts with this run's nonce is a JSON event; anything else is ignored."""
    import queue
    import secrets
    import subprocess
    import tempfile
    import threading

    nonce = "@" + secrets.token_hex(16) + " "
    raiz = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    entorno = dict(os.environ)
    entorno["PYTHONPATH"] = os.pathsep.join(p for p in (raiz, entorno.get("PYTHONPATH")) if p)
    entorno["PYTHONIOENCODING"] = "utf-8"
    comprobaciones = _bucle.COMPROBACIONES
    hechas, final = [], None
    with tempfile.TemporaryFile() as errores:
        hijo = subprocess.Popen(
            [sys.executable, "-c", "import lessonrt.grader as g; g._hijo()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errores, env=entorno)
        eventos = queue.Queue()

        def lee():
            for linea in hijo.stdout:
                eventos.put(linea)
            eventos.put(None)

        lector = threading.Thread(target=lee, daemon=True)
        lector.start()
        try:
            hijo.stdin.write(json.dumps({"nonce": nonce, "source": source,
                                         "time_limit": time_limit}).encode("utf-8"))
            hijo.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        motivo = None
        limite = time.monotonic() + 15  # starting Python and importing the grader
        try:
            while final is None:
                try:
                    linea = eventos.get(timeout=max(0.0, limite - time.monotonic()))
                except queue.Empty:
                    motivo = "tiempo"
                    break
                if linea is None:
                    motivo = "murió"
                    break
                texto = linea.decode("utf-8", "replace")
                if not texto.startswith(nonce):
                    continue
                evento = json.loads(texto[len(nonce):])
                if "empieza" in evento:
                    limite = time.monotonic() + paso
                elif "check" in evento:
                    check = evento["check"]
                    hechas.append(check)
                    al_decidir(check)
                    check["_mostrado"] = True
                    limite = time.monotonic() + paso
                elif "fin" in evento:
                    final = evento["fin"]
        finally:
            if hijo.poll() is None:
                hijo.kill()
            hijo.wait()
        if final is not None:
            for check, mostrado in zip(final["checks"], hechas):
                check["_mostrado"] = mostrado.get("_mostrado", False)
            return final
        errores.seek(0)
        detalle = errores.read().decode("utf-8", "replace").strip().splitlines()[-12:]
    if motivo == "tiempo":
        error = ("Tu código no ha terminado en %s s y se ha detenido la comprobación: un bucle "
                 "que no sale nunca, o una operación muy larga." % T.segundos(paso))
        actual = "tu código no terminaba y se detuvo la comprobación"
    else:
        error = ("El proceso de Python que comprobaba tu código ha terminado de golpe "
                 "(¿os._exit() o algo parecido?).")
        actual = "el proceso de Python terminó de golpe"
        if detalle and os.environ.get(ESTRICTO) == "1":
            error += "\n" + "\n".join(detalle)
    resultado = _resultado(comprobaciones, hechas, error=error, motivo=actual)
    for check in resultado["checks"][: len(hechas)]:
        check["_mostrado"] = True
    return resultado


def _hijo():
    """The child process of grade_file: read the job from stdin, grade, and
    write each event to a private copy of stdout (fd 1 itself goes to
    /dev/null, so the learner's code cannot write there)."""
    trabajo = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    nonce = trabajo["nonce"]
    salida = os.dup(1)
    nulo = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nulo, 1)
    escribe, dumps = os.write, json.dumps

    def emite(evento):
        escribe(salida, (nonce + dumps(evento, ensure_ascii=False) + "\n").encode("utf-8"))

    emite({"empieza": True})
    resultado = grade(trabajo["source"], open_url=open_url_local,
                      time_limit=trabajo["time_limit"], on_check=lambda c: emite({"check": c}))
    emite({"fin": resultado})
    os._exit(0)


# -- what the guard protects: taken now, before any learner code can run ---------------------

def _caja():
    """A write-once box: the snapshot lives in a closure cell, out of the module's dict."""
    caja = []

    def pon(valor):
        if not caja:
            caja.append(valor)

    def toma():
        return caja[0]

    return pon, toma


_pon_foto, _foto_propia = _caja()
_MODULOS_PROPIOS = tuple((m.__name__, m) for m in (sys.modules[__name__], _guard, T, _bucle,
                                                   _escenas, lessonrt))
_PROPIOS = frozenset(f.__code__.co_filename for f in (grade, _guard.prepara, T.corta,
                                                      _bucle.leccion, _escenas.escenas))
_ESTANDAR = (copy, gc, io, json, json.encoder, re)  # re: the verdicts fold causes after learner runs
_pon_foto(_guard.foto_de_modulos([sys.modules[__name__], _guard, T, _bucle, _escenas])
          + _guard.foto_de_modulos([lessonrt], borra_nuevos=False))

if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("uso: python -m lessonrt.grader FICHERO", file=sys.stderr)
        raise SystemExit(2)
    raise SystemExit(grade_file(sys.argv[1]))
