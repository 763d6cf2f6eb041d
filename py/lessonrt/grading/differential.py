"""Differential grading: the learner's function against the course's, over a domain.

A challenge declares, in its `checks`:

    CONTRACT = Differential(
        reference="ejecutar",                  # the course files' function: the contract
        arguments=("ll", "entorno"),           # how the page names each argument
        case=domain,                           # a generator (generators.py) of Case
        course_globals=("ENTORNO",),           # course globals that must end as the contract's
        rules=RULES,                           # the statement's rules, to name what broke
        describe=describe)                     # a case in the course's language, for the message

    @check("generated", "Cientos de casos generados")
    def generated(p):
        return CONTRACT.verify(p)

A Case(calls, globals, data, handling=None, refill=None) is plain data: the calls to make
(each a tuple of argument specs) and the collaborators to put in the function's
globals; with handling=(type name, args), each call is made inside the except
block of that exception, as a caller that is handling an error makes it. Specs
are plain values, or:

    ReadOnly(d)           a types.MappingProxyType over a fresh copy of d
    Fake(name, behaviours, rest)
                             a recording fake (a model, a tool) whose k-th call
                             acts as behaviours[k-1]: returns(v), raises(type,
                             *args, cause=None), makes(type, *args), yields(items),
                             awaits(value), prints(text, then),
                             sets(i, key, value, then), adds(keys, then),
                             when(...), delegates(f); `rest` after
                             those; record=False for a pure helper whose calls are
                             not compared (incumple), only what it does;
                             optional=True for a helper the learner may do
                             by hand (a course function that builds a dict):
                             a case where it misbehaves says nothing about a
                             function that never calls it
    InPlace(d, remove=())    for a global dict (FUNCIONES) or list (HERRAMIENTAS):
                             its items replaced in place, so the learner's
                             aliases see them too
    Shared(name, spec), FromCourse(name, more=())

For each case the engine builds two fresh copies of it, runs the course's
function on one and the learner's (through the guard) on the other, and
compares what it can observe: every call each collaborator received, in
order and with which of the call's own arguments it was given (the same
object, not a copy); the value returned, or the exception that came out;
every argument afterwards; the values returned earlier, again at the end of
the case (one call must not change what another returned); and the course
globals named. The first case where they part is shrunk (generadores.encoge)
to the simplest that still parts, and shown: the case, what the learner's
function did and what the contract does, and the first rule of `rules`
that explains the difference.
"""

import io
import os
import sys
import time
import traceback
import types

from lessonrt.grading import generators as G
from lessonrt.grading.guard import ESTRICTO, EXCEPCION, FALTA, Ajeno
from lessonrt.i18n import _, ngettext

# CPU time: how far shrinking goes must not depend on how busy the machine is.
_reloj = time.process_time

LOTE = 40
"""Generated cases per guarded run: the interpreter is put back once per batch."""


# -- what a case is made of ----------------------------------------------------------------

class Case:
    """Calls (a list of argument tuples, specs inside) and collaborators
    ({global name: spec}), with what the author wants to keep for `describe`."""

    __slots__ = ("calls", "globals", "data", "handling", "refill")

    def __init__(self, calls, globals=None, data=None, handling=None, refill=None):
        self.calls = [tuple(args) for args in calls]
        self.globals = dict(globals or {})
        self.data = data
        if handling is not None and handling[0] not in EXCEPCIONES:
            raise ValueError("Case: unknown exception type %r" % (handling[0],))
        self.handling = handling
        # {k: (name, spec)}: before call k (0-based, not the first), the list Shared(name)
        # is refilled in place with spec's items: the caller grows the very list it passed
        # before (a harness appends to its conversation), so an answer kept by id() goes stale.
        self.refill = dict(refill or {})
        for k, (nombre, _) in self.refill.items():
            if not 0 < k < len(self.calls):
                raise ValueError("Case: refill before call %r, which is not a later call" % (k,))


class ReadOnly:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Fake:
    """A collaborator: `behaviours` for its first calls, `rest` for the later ones."""

    __slots__ = ("name", "behaviours", "rest", "cap", "record", "optional")

    def __init__(self, name, behaviours=(), rest=None, cap=None, record=True, optional=False):
        self.name = name
        self.behaviours = tuple(behaviours)
        self.rest = rest if rest is not None else returns(None)
        self.cap = cap  # None: a few calls more than the contract makes
        # False for a pure helper (incumple, resultado): how often it is called is the
        # learner's business, what it does (raise, say) still happens.
        self.record = record
        self.optional = optional


class Shared:
    """The same object in several places of a case (one environment for four calls):
    built once per side, from `spec`, the first time `name` is met."""

    __slots__ = ("name", "spec")

    def __init__(self, name, spec):
        self.name, self.spec = name, spec


class FromCourse:
    """A fresh copy of the course's own global `name` (plain data), with `more`
    appended when it is a list."""

    __slots__ = ("name", "more")

    def __init__(self, name, more=()):
        self.name, self.more = name, tuple(more)


class InPlace:
    __slots__ = ("value", "remove")

    def __init__(self, value, remove=()):
        self.value = value if type(value) in (list, FromCourse) else dict(value)
        self.remove = tuple(remove)


def returns(value):
    return ("devuelve", value)


# An exception class the course's own files define (guionizado.py's ErrorDeGuion, say), named
# "curso:ErrorDeGuion": each side raises the class of its own copy of the course.
DEL_CURSO = "curso:"


def _excepcion_conocida(t):
    return (isinstance(t, type) and issubclass(t, BaseException)) or t in EXCEPCIONES or (
        isinstance(t, str) and t.startswith(DEL_CURSO))


def exception_name(t):
    """How a behaviour's exception type reads in a case's description."""
    return t.removeprefix(DEL_CURSO) if isinstance(t, str) else t.__name__


def raises(name, *args, cause=None):
    """Raise name(*args); name is the name of a builtin exception or of one of EXCEPCIONES,
    or an exception class itself (one generators.exceptions() drew, say).
    With cause=(type name, args), raise it `from` that other exception."""
    for t in (name,) + ((cause[0],) if cause else ()):
        if not _excepcion_conocida(t):
            raise ValueError("raises: unknown exception type %r" % (t,))
    if cause is not None:
        return ("lanza", name, tuple(args), (cause[0], tuple(cause[1])))
    return ("lanza", name, tuple(args))


def makes(name, *args):
    """Return (not raise) a new name(*args): a tool whose answer is an exception object."""
    if not _excepcion_conocida(name):
        raise ValueError("makes: unknown exception type %r" % (name,))
    return ("crea", name, tuple(args))


def yields(items):
    """Return a new generator over (a copy of) `items`: a tool whose answer is lazy."""
    return ("genera", tuple(items))


def awaits(value):
    """Return a new coroutine whose await gives (a copy of) `value`: a tool written with
    `async def`, whose answer is a coroutine nobody has awaited yet."""
    return ("espera", value)


def prints(text, then):
    """Print `text` (a line) to sys.stdout as it is at the call, then act as `then`: a tool
    that reports as it works, whose words are not part of its answer."""
    return ("imprime", str(text), then)


def reenters(args, then):
    """Call the function under test itself with `args` (built for each side as a case's
    are), then act as `then`: a tool that works through it, as one that runs other tools
    does. What that inner call returns is not used; what it did to its own arguments and
    to the collaborators is seen as the rest of the call."""
    return ("reentra", tuple(args), then)


def adds(keys, then):
    """Act as `then` and answer a new dict: the one `then` answers with `keys` added (a
    course helper that writes more than the course's own, say)."""
    return ("añade", dict(keys), then)


def sets(index, key, value, then=None):
    """Set the collaborator's argument `index` [key] = value, then act as `then`. With
    `index` a str, the keyword argument of that name: value appended to a list, or set at
    `key` in a dict (what a tool does to an input it was handed)."""
    return ("cambia", index, key, value, then if then is not None else returns(None))


def when(index, text, then, otherwise):
    """Act as `then` when the collaborator's argument `index` is the str `text`,
    else as `otherwise`: a helper that fails only for one value."""
    return ("si", index, text, then, otherwise)


def when_not_str(index, then, otherwise):
    """Act as `then` when the collaborator's argument `index` is not a str."""
    return ("si", index, FALTA, then, otherwise)


def delegates(name):
    """Do what the course's function `name` does (the grader's own copy of it)."""
    return ("delega", name)


class ErrorDeLaHerramienta(Exception):
    """An exception class defined in a module, as a tool's own errors are."""


class ErrorConMensaje(Exception):
    """An exception with a `message` attribute that is not what str() gives, as some
    libraries' exceptions have."""

    def __init__(self, *args):
        super().__init__(*args)
        self.message = _("(the message attribute, not the message)")


class ErrorIlegible(Exception):
    """An exception whose str() itself fails: whoever formats it gets that failure."""

    def __str__(self):
        raise RuntimeError(_("this error cannot be read"))


class ErrorConNota(Exception):
    """An exception that carries a note (PEP 678), as a library adds context to its
    errors: the note is not part of str(e), so whoever formats e as the statement says
    leaves it out."""

    def __init__(self, *args):
        super().__init__(*args)
        self.add_note(_("note: it was tried twice"))


class ErrorStrNoTexto(Exception):
    """An exception whose __str__ gives something that is not text: str(e) raises the
    TypeError, e.__str__() does not."""

    def __str__(self):
        return 5


class ErrorFalso(Exception):
    """An exception that is false as a truth value: `if error:` takes it for no error."""

    def __bool__(self):
        return False


class ErrorConFormato(Exception):
    """An exception whose format() is not its str(): "{}".format(e) and f"{e}" call
    __format__, "%s" % e and str(e) do not, so code that formats it otherwise than the
    statement says shows another text."""

    def __format__(self, spec):
        return _("(formatted, not its message)")


class ErrorReprRoto(Exception):
    """An exception whose repr() raises: code that shows it with repr() (or !r) on its way
    out lets that other error out instead of this one."""

    def __repr__(self):
        raise RuntimeError(_("this error cannot be shown"))


class RutaNoEncontrada(KeyError):
    """A tool's own subclass of a builtin exception (as json's JSONDecodeError is a
    ValueError): whoever catches KeyError apart and writes "KeyError" by hand names the
    wrong type."""


class DatoNoValido(ValueError):
    """The same, under ValueError."""


class Herramienta:
    class Fallo(Exception):
        """Nested: its __qualname__ (Herramienta.Fallo) is not its __name__."""


class ParadaPropia(BaseException):
    """Not an Exception: what a program's own way of stopping looks like."""


EXCEPCIONES = {c.__name__: c for c in (
    KeyError, ValueError, TypeError, RuntimeError, ZeroDivisionError, IndexError,
    AttributeError, StopIteration, OSError, FileNotFoundError, PermissionError, TimeoutError,
    UnicodeError, NotImplementedError, AssertionError, Exception, ErrorDeLaHerramienta,
    RecursionError, MemoryError, ImportError, ConnectionError,
    KeyboardInterrupt, SystemExit, GeneratorExit, ParadaPropia)}
EXCEPCIONES["Fallo"] = Herramienta.Fallo
EXCEPCIONES["ErrorConMensaje"] = ErrorConMensaje
EXCEPCIONES["ErrorIlegible"] = ErrorIlegible
EXCEPCIONES["ErrorConNota"] = ErrorConNota
EXCEPCIONES["RutaNoEncontrada"] = RutaNoEncontrada
EXCEPCIONES["DatoNoValido"] = DatoNoValido
EXCEPCIONES["ErrorStrNoTexto"] = ErrorStrNoTexto
EXCEPCIONES["ErrorFalso"] = ErrorFalso
EXCEPCIONES["ErrorConFormato"] = ErrorConFormato
EXCEPCIONES["ErrorReprRoto"] = ErrorReprRoto
EXCEPCIONES = types.MappingProxyType(EXCEPCIONES)


class _PorNombreOClase(dict):
    """EXCEPCIONES as a fake looks a behaviour's type up: by name, or the class itself."""

    def __missing__(self, clave):
        if isinstance(clave, type) and issubclass(clave, BaseException):
            return clave
        raise KeyError(clave)


_TIPOS_DE_CONDUCTA = _PorNombreOClase(EXCEPCIONES)

# What needs no copy of its own on each side: it cannot change.
_DATOS = frozenset({str, int, float, bool, type(None), bytes})  # what congela keeps as it is
_INMUTABLES = _DATOS | {complex, range, type, types.FunctionType, types.BuiltinFunctionType}


def _propio(v, raros, hechas=None):
    """v as one side of a case gets it: its own equal copy of anything that can change (a
    set, an object, an exception from anything()), so that what one side does to it never
    shows on the other. Lists, tuples and dicts are rebuilt by _Lado.construye already.
    Each value that is not plain data is counted in raros[0]. With `hechas` (a dict), a
    list or dict that comes twice in v comes twice in the copy: one object, two places."""
    t = type(v)
    if t in _INMUTABLES:
        if t not in _DATOS:
            raros[0] += 1  # kept as it is, but frozen as an object all the same (a range, a function)
        return v
    if hechas is not None and (t is list or t is dict):
        if id(v) in hechas:
            return hechas[id(v)]
        if t is list:
            r = hechas[id(v)] = []
            r.extend(_propio(x, raros, hechas) for x in v)
            return r
        r = hechas[id(v)] = {}
        r.update((k, _propio(x, raros, hechas)) for k, x in v.items())
        return r
    if t is list:
        return [_propio(x, raros) for x in v]
    if t is tuple:
        return tuple(_propio(x, raros, hechas) for x in v)
    if t is dict:
        return {k: _propio(x, raros) for k, x in v.items()}
    raros[0] += 1
    import copy
    try:
        return copy.deepcopy(v)
    except Exception:  # an object that cannot be copied (its __reduce__ fails): as it is
        return v


class _Descrito:
    """An Ajeno equal to another that describes the same kind of object."""

    __slots__ = ("ajeno",)

    def __init__(self, ajeno):
        self.ajeno = ajeno

    def __eq__(self, other):
        return type(other) is _Descrito and other.ajeno.nombre == self.ajeno.nombre

    def __hash__(self):
        return hash(self.ajeno.nombre)

    def __repr__(self):
        return repr(self.ajeno)


def _comparable(v):
    """A frozen value where every Ajeno (what congela keeps of an object that is not plain
    data) reads as its description: a case that hands each side its own copy of a set or an
    odd object gets, from both, two Ajenos that are not the same object."""
    t = type(v)
    if t is Ajeno:
        return v if v is FALTA or v is EXCEPCION else _Descrito(v)
    if t is list:
        return [_comparable(x) for x in v]
    if t is tuple:
        return tuple(_comparable(x) for x in v)
    if t is dict:
        return {k: _comparable(x) for k, x in v.items()}
    return v


class Rule:
    """A rule of the statement. `applies(d)` says whether a difference
    (a Diferencia) is this rule broken; `text` names it to the learner. `hint`,
    optional, nudges a learner who broke it towards the fix without giving it: it
    follows the rule in the check's message, on a line that starts "Pista: "."""

    __slots__ = ("id", "text", "applies", "hint", "raised")

    def __init__(self, id, text, applies, hint=None, raised=False):
        # `raised`: the rule also speaks when the learner's own code raised (its applies(d)
        # then reads the case): a rule about what the code met, a text where blocks were
        # expected, names the cause of a TypeError the traceback alone leaves to the learner.
        self.id, self.text, self.applies, self.hint, self.raised = id, text, applies, hint, raised


# -- running one case on one side ----------------------------------------------------------

class _Lado:
    """One side of a case: the objects built for it, and what was seen."""

    def __init__(self, g, cur, del_curso, vigilar, topes=None, tope_por_defecto=10 ** 6, propios=None,
                 funcion=None):
        self.g, self.cur, self.del_curso, self.vigilar = g, cur, del_curso, vigilar
        self.funcion = funcion  # the side's function under test, for a collaborator that calls it
        # Where the side's own function looks names up (the learner's globals): a course's
        # exception class raised on this side is the one that function would catch.
        self.propios = propios
        self.topes, self.tope_por_defecto = topes or {}, tope_por_defecto
        self.diario = []
        self.seguidos = []
        self.vistos = []  # the case's lists and dicts, by first appearance (guard.marca)
        # Where a numbered one came from, by its number: ("en", i), inside the call's
        # argument i; (collaborator, k), what that collaborator returned in its call k.
        self.origenes = {}
        self.cuentas = []
        self.opcionales = []  # the cuentas of the Fake marked optional
        self.compartidos = {}
        self.debajo = {}  # id(mappingproxy) -> the dict under it, to observe it afterwards
        self.raros = [0]  # values of the case that are not plain data (_propio)

    def construye(self, spec):
        t = type(spec)
        if t is Shared:
            if spec.name not in self.compartidos:
                self.compartidos[spec.name] = self.construye(spec.spec)
            return self.compartidos[spec.name]
        if t is ReadOnly:
            dentro = self.construye(spec.value)
            proxy = types.MappingProxyType(dentro)
            self.debajo[id(proxy)] = dentro
            return proxy
        if t is FromCourse:
            if spec.name not in self.del_curso:  # read once, before any case changes it
                self.del_curso[spec.name] = self.g.congela(self.cur[spec.name])
            valor = self.g.copia_plana(self.del_curso[spec.name])
            if type(valor) is dict:
                valor.update(self.construye(dict(spec.more)))
            else:
                valor.extend(self.construye(list(spec.more)))
            return valor
        if t is Fake:
            conductas = [self._conducta(c) for c in spec.behaviours]
            tope = spec.cap if spec.cap is not None else self.topes.get(spec.name,
                                                                         self.tope_por_defecto)
            if not spec.record:
                tope = 10 ** 9
            # What a recorded collaborator returns is numbered, so that where it ends up is
            # compared; not an optional one's or a pure helper's, called as often as a side likes.
            fake, cuenta = self.g.imitador(conductas, self._conducta(spec.rest), tope,
                                           self.vigilar, self.seguidos,
                                           self.diario if spec.record else None, spec.name,
                                           _TIPOS_DE_CONDUCTA, self.vistos,
                                           self.origenes if spec.record and not spec.optional else None)
            self.cuentas.append((spec.name, cuenta))
            if spec.optional:
                self.opcionales.append((spec.name, cuenta))
            return fake
        if t is list:
            return [self.construye(x) for x in spec]
        if t is tuple:
            return tuple(self.construye(x) for x in spec)
        if t is dict:
            return {self.construye(k): self.construye(v) for k, v in spec.items()}
        if t is str and len(spec) > 1:
            # A new str object each time, as texts built at run time are: a call's id and
            # its observation's id are equal, not the same object, and `is` tells.
            return spec[:1] + spec[1:]
        return _propio(spec, self.raros)

    def _conducta(self, c):
        if c[0] == "delega":
            return ("delega", self.cur[c[1]])
        if c[0] == "devuelve":
            return ("devuelve", _propio(c[1], self.raros, {}))
        if c[0] in ("lanza", "crea"):
            tipo = c[1]
            if isinstance(tipo, str) and tipo.startswith(DEL_CURSO):
                nombre = tipo.removeprefix(DEL_CURSO)
                propio = (self.propios or {}).get(nombre)
                tipo = propio if isinstance(propio, type) and issubclass(propio, BaseException) else self.cur[nombre]
            return (c[0], tipo, _propio(c[2], self.raros)) + c[3:]
        if c[0] == "cambia":
            return c[:3] + (_propio(c[3], self.raros), self._conducta(c[4]))
        if c[0] in ("genera", "espera"):
            self.raros[0] += 1  # a generator, a coroutine: objects, compared by what they are (_comparable)
            return (c[0], _propio(c[1], self.raros))
        if c[0] == "añade":
            return ("añade", _propio(c[1], self.raros), self._conducta(c[2]))
        if c[0] == "imprime":
            return ("imprime", c[1], self._conducta(c[2]))
        if c[0] == "reentra":
            return ("reentra", self.funcion, self.construye(list(c[1])), self._conducta(c[2]))
        if c[0] == "si":
            return c[:3] + (self._conducta(c[3]), self._conducta(c[4]))
        return c


class Observado:
    """What one side did in one case, as plain frozen data."""

    __slots__ = ("events", "calls", "al_final", "globals", "excedido", "plazo", "error",
                 "donde", "sin_usar", "origenes")

    def __init__(self):
        self.events = []      # [(collaborator, args, kwargs, marks)] across the whole case
        self.calls = []     # per call: {"eventos": n, "devuelve"|"lanza": ..., "args": [...]}
        self.al_final = []     # the returned values, frozen again after the last call
        self.globals = {}
        self.excedido = None   # the collaborator called past its cap
        self.plazo = None      # the learner's run that ran out of time (its failure dict)
        self.error = None      # the exception the contract itself let out, if any
        self.donde = ()        # the lines it passed through: [(file, line, function)]
        self.sin_usar = ()     # the optional helpers (Fake optional) never called
        self.origenes = {}     # where the numbered objects came from (_Lado.origenes)


def _cambios(ns, globales, lado, espejo=None):
    """What installing a case's collaborators changes, as the guard's changes: ("pon",
    dict, key, value), ("quita", dict, key), ("llena", list, items). Nothing is changed yet:
    on the learner's side the changes are made inside the guarded run, just before the call."""
    cambios = []
    for nombre, spec in globales.items():
        if type(spec) is InPlace and type(spec.value) in (list, FromCourse):
            destino = ns.get(nombre)
            if type(destino) is not list:
                destino = []
                cambios.append(("pon", ns, nombre, destino))
            cambios.append(("llena", destino, lado.construye(spec.value)))
        elif type(spec) is InPlace:
            destino = ns.get(nombre)
            if type(destino) is not dict:
                destino = {}
                cambios.append(("pon", ns, nombre, destino))
            cambios.extend(("quita", destino, clave) for clave in spec.remove)
            cambios.extend(("pon", destino, clave, lado.construye(v)) for clave, v in spec.value.items())
        else:
            destino = lado.construye(spec)
            cambios.append(("pon", ns, nombre, destino))
        if espejo is not None:
            # The course code the side's collaborators delegate to sees the same globals.
            cambios.append(("pon", espejo, nombre, destino))
    return cambios


def _trabajos(caso, lado, funcion, ns, globales, espejo=None):
    """The case's calls on one side, as the guard's jobs (see guard.corre_lote); the last
    one observes the course `globales` in ns."""
    trabajos = []
    cambios = _cambios(ns, caso.globals, lado, espejo)
    if caso.handling is not None:
        funcion = _en_un_except(funcion, caso.handling)
    for k, specs in enumerate(caso.calls):
        if k in caso.refill:
            nombre, spec = caso.refill[k]
            cambios = tuple(cambios) + (("llena", lado.compartidos[nombre], lado.construye(spec)),)
        args = [lado.construye(s) for s in specs]
        for i, a in enumerate(args):
            lado.g.apunta(a, lado.vistos, lado.origenes, ("en", i))
        # Only containers can be told apart by identity (small ints and strs are shared).
        seguidos = [a if type(a) in (dict, list, types.MappingProxyType) else object() for a in args]
        # What each argument is afterwards: a read-only one through the dict under it.
        observar = [None if type(s) is Fake else lado.debajo.get(id(a), a) for s, a in zip(specs, args)]
        trabajos.append((cambios, funcion, tuple(args), lado.seguidos, seguidos, observar,
                         lado.diario, None, lado.vistos))
        cambios = ()
    trabajos[-1] = trabajos[-1][:-2] + ((ns, tuple(globales)), lado.vistos)
    return trabajos


def _en_un_except(funcion, manejando):
    """funcion, called from inside the except block of a new manejando[0](*manejando[1])."""
    tipo, args = EXCEPCIONES[manejando[0]], manejando[1]

    def desde_un_except(*argumentos):
        try:
            raise tipo(*args)
        except tipo:
            return funcion(*argumentos)

    return desde_un_except


def _directo(trabajos, congela, marcas_de):
    """corre_lote for the contract: the course's code runs as it is, and what it lets out
    is observed (the exception object kept, in case a fixed case must not raise)."""
    # What the course's side prints (a drawn tool that reports as it works) goes nowhere:
    # a grade shows the learner's output only, and in the page it would reach the console.
    salida, sys.stdout = sys.stdout, io.StringIO()
    try:
        return _directo_lote(trabajos, congela, marcas_de)
    finally:
        sys.stdout = salida


def _directo_lote(trabajos, congela, marcas_de):
    hechos, del_caso = [], []
    for cambios, fn, args, seguidos, nuevos, observar, diario, fin, vistos in trabajos:
        antes = len(diario)
        for cambio in cambios:
            if cambio[0] == "pon":
                cambio[1][cambio[2]] = cambio[3]
            elif cambio[0] == "quita":
                cambio[1].pop(cambio[2], None)
            else:
                cambio[1][:] = cambio[2]
        seguidos[:] = nuevos
        valor = fallo = None
        try:
            valor = fn(*args)
        except BaseException as e:  # noqa: B036 - what the contract lets out is observed
            fallo = {"clase": "excepcion", "tipo": type(e).__name__, "mensaje": _texto(e),
                     "marcos": None, "objeto": e, "donde": _lineas(e.__traceback__)}
            # Its lines kept, its traceback let go: the traceback holds this frame, and the
            # frame the records that hold the exception, a cycle left to the cyclic
            # collector with all of a batch's cases in it (in every grade, a good part of
            # its time went to collecting them).
            _sin_trazas(e)
        hecho = {"valor": congela(valor) if fallo is None else None, "crudo": valor,
                 "fallo": fallo, "despues": congela(observar), "eventos": (antes, len(diario))}
        if fallo is None:
            del_caso.append(valor)
            hecho["identidad"] = marcas_de(valor, seguidos, vistos)
        if fin is not None:
            hecho["al_final"] = congela(del_caso)
            hecho["globales"] = {n: congela(fin[0].get(n, None)) for n in fin[1]}
        hechos.append(hecho)
    return hechos


def _observado(hechos, lado):
    """What one side did in a case, from the records of its calls (as many as ran)."""
    ob = Observado()
    for hecho in hechos:
        fallo = hecho["fallo"]
        llamada = {"eventos": hecho["eventos"], "args": hecho["despues"]}
        if fallo is None:
            llamada["devuelve"] = hecho["valor"]
            llamada["identidad"] = hecho.get("identidad", -1)
        elif fallo["clase"] == "tope":
            ob.excedido = next((n for n, c in lado.cuentas if c()[1]), "?")
            llamada["lanza"] = ("TopeSuperado", "")
        elif fallo["clase"] == "plazo":
            ob.plazo = fallo
            llamada["lanza"] = ("Plazo", "")
        else:
            llamada["lanza"] = (fallo["tipo"], fallo["mensaje"])
            if "objeto" in fallo:
                ob.error = fallo["objeto"]  # the contract's own exception
                ob.donde = fallo["donde"]
            else:
                llamada["fallo"] = fallo
        ob.calls.append(llamada)
        ob.al_final = hecho.get("al_final", ob.al_final)
        ob.globals = hecho.get("globales", ob.globals)
    ob.events = list(lado.diario)
    ob.origenes = dict(lado.origenes)
    if lado.raros[0]:
        for llamada in ob.calls:
            for clave in ("devuelve", "args"):
                if clave in llamada:
                    llamada[clave] = _comparable(llamada[clave])
        ob.events = _comparable(ob.events)
        ob.al_final, ob.globals = _comparable(ob.al_final), _comparable(ob.globals)
    ob.sin_usar = tuple(n for n, cuenta in lado.opcionales if cuenta()[0] == 0)
    return ob


# -- comparing ------------------------------------------------------------------------------

class Diferencia:
    """Where two sides part, as a rule's `applies(d)` reads it: `d.where` is "evento",
    "devuelve", "lanza", "identidad" (the same value returned, made of other objects),
    "args", "al_final" or "global"; `d.k` the call (0-based) or
    event index; `d.theirs` and `d.contract` what each did there; `d.case` the Case;
    `d.learner` and `d.reference` all that each side did in it (an Observado: its
    `events`, `calls`); `d.call` the call where they part and `d.in_contract` what
    the contract did in it."""

    __slots__ = ("where", "k", "theirs", "contract", "case", "learner", "reference", "extra")

    def __init__(self, donde, k, suyo, contrato, caso, alumno, referencia, extra=None):
        self.where, self.k, self.theirs, self.contract = donde, k, suyo, contrato
        self.case, self.learner, self.reference, self.extra = caso, alumno, referencia, extra

    @property
    def call(self):
        """The call of the function (0, 1, ...) where the two sides part."""
        if self.where != "evento":
            return self.k
        # A call in which the contract calls nobody still owns the event at its start:
        # the learner's extra call to a collaborator there.
        return next((k for k, hecho in enumerate(self.reference.calls)
                     if hecho["eventos"][0] <= self.k < max(hecho["eventos"][1],
                                                            hecho["eventos"][0] + 1)),
                    len(self.reference.calls) - 1)

    @property
    def in_contract(self):
        """What the contract did in that call: {"devuelve" | "lanza", "eventos", "args"}."""
        k = self.call
        return self.reference.calls[k] if 0 <= k < len(self.reference.calls) else {}


def _resultado(hecho):
    if hecho is None:
        return None
    if "devuelve" in hecho:
        return ("devuelve", hecho["devuelve"])
    return ("lanza", hecho.get("lanza"))


def igual(a, b):
    """Whether two frozen values are the same data, types included: True is not 1, a list
    is not a tuple; nan is nan. An int and a float are both numbers (Python's arithmetic
    mixes them), equal when == says so."""
    t = type(a)
    if t is str:  # most of what is compared: checked first
        return type(b) is str and a == b
    if a is b:
        return True
    if t is not type(b):
        return (t is int or t is float) and (type(b) is int or type(b) is float) and a == b
    if t is float:
        return a == b or (a != a and b != b)
    if t is list or t is tuple:
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if type(x) is str:  # inline: the texts of a conversation are most of it
                if type(y) is not str or x != y:
                    return False
            elif not igual(x, y):
                return False
        return True
    if t is dict:
        if len(a) != len(b):
            return False
        for k, x in a.items():
            if k not in b:
                return False
            y = b[k]
            if type(x) is str:
                if type(y) is not str or x != y:
                    return False
            elif not igual(x, y):
                return False
        return True
    return a == b


def _de_alias(d):
    """Whether a Diferencia is one of sharing alone: the same values, other objects."""
    return d.where == "identidad" or (
        d.where == "evento" and d.theirs is not None and d.contract is not None
        and d.theirs[0] != "excedido" and igual(_sin_alias(d.theirs), _sin_alias(d.contract)))


def _sin_alias(e):
    """An event with only its marks of the function's own arguments (the sharing among
    other objects is compared once all values agree)."""
    if e is None:
        return None
    return e[:3] + (tuple(m if m >= 0 else -1 for m in e[3]),)


def compara(caso, a, r):
    """The first Diferencia between the learner's Observado `a` and the contract's `r`, or None."""
    if a.sin_usar:
        # The case makes an optional helper misbehave and the learner's function did its
        # job by hand: what the case would show is the helper's fault, not the function's.
        return None
    for i in range(max(len(a.events), len(r.events))):
        x = a.events[i] if i < len(a.events) else None
        y = r.events[i] if i < len(r.events) else None
        if not igual(_sin_alias(x), _sin_alias(y)):
            return Diferencia("evento", i, x, y, caso, a, r)
    if a.excedido:
        return Diferencia("evento", len(a.events), ("excedido", a.excedido), None, caso, a, r)
    for k in range(max(len(a.calls), len(r.calls))):
        x = a.calls[k] if k < len(a.calls) else None
        y = r.calls[k] if k < len(r.calls) else None
        if not igual(_resultado(x), _resultado(y)):
            donde = "lanza" if (x and "lanza" in x) or (y and "lanza" in y) else "devuelve"
            return Diferencia(donde, k, _resultado(x), _resultado(y), caso, a, r)
        if x is not None and y is not None and not igual(x["args"], y["args"]):
            for j, (u, w) in enumerate(zip(x["args"], y["args"])):
                if not igual(u, w):
                    return Diferencia("args", k, u, w, caso, a, r, extra=j)
    if not igual(a.al_final, r.al_final):
        for k, (u, w) in enumerate(zip(a.al_final, r.al_final)):
            if not igual(u, w):
                return Diferencia("al_final", k, u, w, caso, a, r)
    for nombre in r.globals:
        if not igual(a.globals.get(nombre), r.globals[nombre]):
            return Diferencia("global", 0, a.globals.get(nombre), r.globals[nombre], caso, a, r,
                              extra=nombre)
    # The same values all along: now which objects they were. A copy passed on where the
    # contract passes the list itself, the argument returned where it returns a new one.
    for i, (x, y) in enumerate(zip(a.events, r.events)):
        if x[3] != y[3]:
            return Diferencia("evento", i, x, y, caso, a, r)
    for k, (x, y) in enumerate(zip(a.calls, r.calls)):
        if x.get("identidad", -1) != y.get("identidad", -1):
            return Diferencia("identidad", k, x.get("identidad", -1), y.get("identidad", -1),
                              caso, a, r)
    return None


# -- the declaration and the check -----------------------------------------------------------

class Differential:
    """A challenge's contract for differential grading (see the module's docstring)."""

    def __init__(self, *, reference, arguments, case, describe, rules=(), course_globals=(),
                 random_cases=250, seed=20261203, edges=(), show_value=None):
        referencia, argumentos, caso, reglas, globales = reference, arguments, case, rules, course_globals
        aleatorios, semilla, bordes, muestra_valor = random_cases, seed, edges, show_value
        self.reference = referencia
        self.argumentos = tuple(argumentos)
        self.case = caso
        self.describe = describe
        self.reglas = tuple(reglas)
        self.globals = tuple(globales)
        self.aleatorios = aleatorios
        self.semilla = semilla
        self.bordes = tuple(bordes)
        self.muestra_valor = muestra_valor or short
        lista = []
        self._casos = lambda: lista  # in a closure cell: the module's dict holds no list
        # Drawn now, when the challenge is imported: in the page that is before the worker's
        # memory snapshot, so a warm Comprobar finds them made.
        self.casos()

    # Cases, both sides: the contract's case by case, the learner's in batches.
    def _contrato(self, p, caso):
        """Run the contract on a case: (Observado, the learner's side ready to run)."""
        g, cur = p._g, p.course
        # The course's own functions, as they were before any case put its fakes in cur:
        # what delegates() calls on both sides.
        originales = p.__dict__.setdefault("_originales", dict(cur))
        del_curso = p.__dict__.setdefault("_del_curso", {})
        # The learner's collaborators delegate to a copy of the course code of their own:
        # the contract's runs of later cases change the globals of cur.
        if "_curso_alumno" not in p.__dict__:
            p._curso_alumno = p.fresh_course()
            p._originales_alumno = dict(p._curso_alumno)
        ref = _Lado(g, originales, del_curso, vigilar=False, funcion=originales[self.reference])
        trabajos = _trabajos(caso, ref, originales[self.reference], cur, self.globals)
        r = _observado(_directo(trabajos, g.congela, g.marcas_de), ref)
        # The learner's collaborators answer a few calls more than the contract made, then
        # refuse: a loop without end is caught at once, not at the deadline.
        topes = {}
        for nombre, _args, _kwargs, _marcas in r.events:
            topes[nombre] = topes.get(nombre, 3) + 1
        alumno = _Lado(g, p._originales_alumno, del_curso, vigilar=True, topes=topes,
                       tope_por_defecto=3, propios=_globales_de(p), funcion=p.funcion)
        return r, alumno, _trabajos(caso, alumno, p.funcion, _globales_de(p), self.globals,
                                    espejo=p._curso_alumno)

    def _lote(self, p, casos):
        """Run `casos` [(caso, ...)] on both sides, the learner's in one guarded run.
        Yields (caso, Observado of the learner, of the contract), in order; after a case
        that ran out of time, nothing more."""
        p.alive()
        preparados = [self._contrato(p, caso) for caso in casos]
        trabajos = [t for _, _, ts in preparados for t in ts]
        queda = p._segundos - p.__dict__.get("_usado", 0.0)
        # The check's time is the learner's code's own: the grader's work around it (drawing,
        # the contract's runs, freezing) does not count against it.
        hechos, usado, salida = p._g.corre_lote(trabajos, max(queda, 0.0), p._latido)
        p._usado = p.__dict__.get("_usado", 0.0) + usado
        if salida and len(p._salida) < 20_000:
            p._salida += salida
        for caso, (r, alumno, ts) in zip(casos, preparados):
            suyos, hechos = hechos[:len(ts)], hechos[len(ts):]
            if not suyos:
                return
            a = _observado(suyos, alumno)
            if a.plazo is not None:
                p._sin_tiempo = True
            yield caso, a, r
            if a.plazo is not None or len(suyos) < len(ts):
                return

    def parte(self, p, caso, fijo=False):
        for _caso, a, r in self._lote(p, [caso]):
            if fijo and r.error is not None:
                # The lesson's own cases run to the end with the course's code: if the
                # contract raises there, the grader (or a course file) is broken.
                r.error.add_note("".join('  File "%s", line %s, in %s\n' % linea for linea in r.donde))
                raise r.error
            if a.plazo is not None:
                return "plazo", a
            return compara(caso, a, r), a
        raise AssertionError("a case that ran no call")

    def verify(self, p, cases=None, passed_message=None):
        """Run the fixed `cases` (a list of Case), or the generated ones; (passed, message).
        `passed_message` is the message of a pass (a "%d" in it: the number of cases)."""
        casos, titulo_ok = cases, passed_message
        if casos is not None:
            for caso in casos:
                d, a = self.parte(p, caso, fijo=True)
                if d == "plazo":
                    return self._sin_tiempo(p, a, caso)
                if d is not None:
                    return False, self.mensaje(p, d)
            return True, titulo_ok or _("Your function does what was expected.")
        todos = self.casos()
        n = 0
        solo_alias = None  # (n, choices, Diferencia): the first case that differs in sharing alone
        for i in range(0, len(todos), LOTE):
            lote = todos[i:i + LOTE]
            for caso, a, r in self._lote(p, [caso for _, caso in lote]):
                elecciones = lote[n - i][0]
                n += 1
                if a.plazo is not None:
                    return self._sin_tiempo(p, a, caso)
                d = compara(caso, a, r)
                if d is not None and _de_alias(d) and solo_alias is None:
                    # A later case whose values differ says more to the learner.
                    solo_alias = (n, elecciones, d)
                elif d is not None and not _de_alias(d):
                    if elecciones is not None:
                        d = self._encoge(p, elecciones, d)
                    return False, self.mensaje(p, d, n)
        if solo_alias is not None:
            n, elecciones, d = solo_alias
            if elecciones is not None:
                d = self._encoge(p, elecciones, d)
            return False, self.mensaje(p, d, n)
        if titulo_ok is None:
            return True, ngettext("Your function does what was expected in the %(n)d generated case.",
                                  "Your function does what was expected in the %(n)d generated cases.",
                                  n) % {"n": n}
        return True, titulo_ok % n if "%d" in titulo_ok else titulo_ok

    def casos(self):
        """The generated cases, (choices, Case), drawn once per interpreter: they depend only
        on the seed (the page's worker draws them before its memory snapshot)."""
        hechos = self._casos()
        if not hechos:
            # First the edges the author lists (each already as simple as it gets: no
            # shrinking), then the drawn ones.
            hechos.extend((None, caso) for caso in self.bordes)
            hechos.extend(G.casos(self.case, semilla=self.semilla, aleatorios=self.aleatorios,
                                  ))
        return hechos

    def _encoge(self, p, elecciones, d):
        hallada = [d]
        alias = _de_alias(d)

        def falla(caso):
            x, _a = self.parte(p, caso)
            if x is None or x == "plazo" or _de_alias(x) != alias:
                # "Fails the same way": a difference in values is not shrunk to one where
                # only the sharing of objects differs, which says less.
                return False
            hallada[0] = x
            return True

        try:
            G.encoge(self.case, elecciones, falla, intentos=400, hasta=_reloj() + 3.0,
                     reloj=_reloj)
        except Exception:
            if _estricto():
                raise
        return hallada[0]

    def _sin_tiempo(self, p, a, caso):
        r = _ResultadoFalso(a.plazo)
        return False, "%s\n%s" % (self.describe(caso), p.common(r))

    # The message.
    def mensaje(self, p, d, n=None):
        partes = []
        if n is not None:
            partes.append(
                _("It fails on the first generated case. The simplest one that fails the same way is this:")
                if n == 1 else
                _("It passes the first generated case and fails on the second. The simplest one that "
                  "fails the same way is this:") if n == 2 else
                _("It passes the first %(passed)d generated cases and fails on no. %(n)d. The simplest "
                  "one that fails the same way is this:") % {"passed": n - 1, "n": n})
        codigo = self.describe(d.case)
        partes.append(codigo)
        propio = _fallo_propio(d)
        if propio is not None:
            # The learner's own code raised where the contract does not: that exception,
            # with the learner's lines, says more than what followed from it.
            texto = p.common(_ResultadoFalso(propio))
            lineas, pista, regla = _regla_dicha(next((r for r in self.reglas if r.raised and _aplica(r, d)), None))
            p.show(did=[(None, texto)],
                   expected=[(None, self._salida(_resultado(d.in_contract), 0, d.case))],
                   case="\n".join(partes), code=codigo, raised=texto, hint=pista, rule=regla)
            return "\n".join(partes + [texto] + lineas)
        if d.reference.error is not None:
            # For the course's author, not the learner: where the contract itself raised.
            p._contrato_lanzo = _donde_lanzo(d.reference, self.reference, self.describe(d.case))
        lineas, pista, regla = _regla_dicha(next((r for r in self.reglas if _aplica(r, d)), None))
        hizo, pide = self._que(d)
        caso = partes + lineas[:1]  # the case, folded, keeps the rule it breaks
        if len(d.case.calls) > 1:
            # A case of several calls lists them all: say which one the two sides part at.
            partes.append(_("The difference is in call %(n)d.") % {"n": d.call + 1})
        partes.append(_("Your function: %(did)s") % {"did": hizo})
        partes.append(_("Expected: %(does)s") % {"does": pide})
        p.show(did=[(None, hizo)], expected=[(None, pide)], case="\n".join(caso), code=codigo,
               hint=pista, rule=regla)
        return "\n".join(partes + lineas)

    def _que(self, d):
        v = self.muestra_valor
        if d.where == "evento":
            # The same call with the same values, told apart only by which objects it got:
            # then say which.
            alias = (d.theirs is not None and d.contract is not None
                     and d.theirs[0] != "excedido" and d.contract[0] != "excedido"
                     and igual(d.theirs[:3], d.contract[:3]))
            return (self._evento(d.theirs, d.learner.events, d.k, alias, (d.contract, d.reference.events)),
                    self._evento(d.contract, d.reference.events, d.k, alias, (d.theirs, d.learner.events)))
        if d.where == "identidad":
            hecho = d.learner.calls[d.k]
            valor = v(hecho["devuelve"])
            suyo, suya = primera_distinta(d.theirs, d.contract)
            return (_("returns %(value)s, and %(part)s is %(what)s")
                    % {"value": valor, "part": self._parte(suyo[0]),
                       "what": self._que_objeto(suyo[1], d.learner.events, None,
                                                d.learner.calls[:d.k], d.learner.origenes)},
                    _("returns %(value)s, and %(part)s is %(what)s")
                    % {"value": valor, "part": self._parte(suya[0]),
                       "what": self._que_objeto(suya[1], d.reference.events, None,
                                                d.reference.calls[:d.k], d.reference.origenes)})
        if d.where in ("devuelve", "lanza"):
            return (self._salida(d.theirs, d.k, d.case), self._salida(d.contract, d.k, d.case))
        if d.where == "args":
            nombre = self.argumentos[d.extra] if d.extra < len(self.argumentos) else _("an argument")
            una = len(d.case.calls) == 1
            datos = {"call": d.k + 1, "name": nombre}
            return ((_("the call left %(name)s as %(value)s") if una
                     else _("in call %(call)d left %(name)s as %(value)s")) % dict(datos, value=v(d.theirs)),
                    (_("the call leaves %(name)s as %(value)s") if una
                     else _("in call %(call)d leaves %(name)s as %(value)s")) % dict(datos, value=v(d.contract)))
        if d.where == "al_final":
            datos = {"call": d.k + 1, "value": v(d.theirs)}
            return ((_("what the call returned is now %(value)s: another call changed it")
                     if len(d.case.calls) == 1 else
                     _("what call %(call)d returned is now %(value)s: another call changed it")) % datos,
                    _("what a call returns does not change afterwards: %(value)s") % {"value": v(d.contract)})
        return (_("left the global %(name)s as %(value)s") % {"name": d.extra, "value": v(d.theirs)},
                _("does not touch it: %(value)s") % {"value": v(d.contract)})

    def _parte(self, camino):
        if not camino:
            return _("the value")
        # As Python indexes it: the learner can look at v[2][0][1] in a cell.
        return _("what is at %(path)s") % {"path": "".join("[%r]" % j for j in camino)}

    def _que_objeto(self, marca, eventos, hasta=None, llamadas=(), origenes=None):
        """What object a mark (guard.marca) is, in words: an argument, something inside
        one or returned by a collaborator (`origenes`), something passed to a collaborator
        before (before event `hasta`) or returned by an earlier call (of `llamadas`), or a
        new one."""
        if marca >= 0:
            if marca < len(self.argumentos):
                return _("the very object it received as %(name)s") % {"name": self.argumentos[marca]}
            return _("the very object it received as an argument")
        origen = (origenes or {}).get(-2 - marca)
        if origen is not None and origen[0] == "en":
            if origen[1] < len(self.argumentos):
                return _("the very object that is inside %(name)s") % {"name": self.argumentos[origen[1]]}
            return _("the very object that is inside an argument")
        if origen is not None:
            return (_("the very object %(name)s returned in its call %(n)d")
                    % {"name": origen[0], "n": origen[1]})
        if marca <= -2:
            for j, (nombre, _args, _kwargs, marcas) in enumerate(eventos[:hasta]):
                if marca in marcas:
                    cuenta = sum(1 for x in eventos[:j + 1] if x[0] == nombre)
                    return (_("the very object it passed in its call %(n)d to %(name)s")
                            % {"n": cuenta, "name": nombre})
            for k, hecho in enumerate(llamadas):
                if marca in _aplana(hecho.get("identidad", -1)):
                    return _("the very object that call %(n)d returned") % {"n": k + 1}
        return _("a new object")

    def _evento(self, e, eventos, i, alias=False, otro=(None, ())):
        if e is None:
            # Which call: the one the other side makes there (a learner asked «which call?»).
            suya, sus_eventos = otro
            if suya is not None and suya[0] != "excedido":
                cuenta = sum(1 for x in sus_eventos[:i + 1] if x[0] == suya[0])
                return _("does not make its call %(n)d to %(name)s") % {"n": cuenta, "name": suya[0]}
            return _("does not make that call")
        if e[0] == "excedido":
            return _("calls %(name)s more times than expected") % {"name": e[1]}
        nombre, args, kwargs, marcas = e
        cuenta = sum(1 for x in eventos[:i + 1] if x[0] == nombre)
        # The other side's marks, where it calls the same collaborator: a learner who passes
        # the list they were given reads «inicio» on their side, and on this one a value
        # equal to it; this side then says that its object is another one.
        suya = otro[0]
        suyas = suya[3] if suya is not None and suya[0] == nombre else ()
        partes = []
        for j, a in enumerate(args):
            if marcas[j] >= 0:
                partes.append(_("%(name)s (the same object the function received)")
                              % {"name": self.argumentos[marcas[j]]}
                              if marcas[j] < len(self.argumentos) else _("an argument of the function"))
            elif alias and marcas[j] != -1:
                partes.append("%s (%s)" % (self.muestra_valor(a),
                                           self._que_objeto(marcas[j], eventos, i)))
            elif j < len(suyas) and 0 <= suyas[j] < len(self.argumentos):
                datos = {"value": self.muestra_valor(a), "name": self.argumentos[suyas[j]]}
                partes.append((_("%(value)s (a new list, not %(name)s itself)") if type(a) is list
                               else _("%(value)s (a new object, not %(name)s itself)")) % datos)
            else:
                partes.append(self.muestra_valor(a))
        for clave, a in kwargs.items():
            partes.append("%s=%s" % (clave, self.muestra_valor(a)))
        return (_("its call %(n)d to %(name)s is %(name)s(%(args)s)")
                % {"n": cuenta, "name": nombre, "args": ", ".join(partes)})

    def _salida(self, s, k, caso):
        if s is None:
            return _("does not get to that call")
        if s[0] == "devuelve":
            return _("returns %(value)s") % {"value": self.muestra_valor(s[1])}
        tipo, mensaje = s[1]
        if tipo == "TopeSuperado":
            return _("calls a collaborator more times than expected")
        if mensaje:
            return _("lets %(type)s out: %(message)s") % {"type": tipo, "message": mensaje}
        return _("lets %(type)s out") % {"type": tipo}


def _es_lista(marcas):
    """A list's marks, from guard.marcas_de: ("L", its own, its items')."""
    return type(marcas) is tuple and len(marcas) == 3 and marcas[0] == "L"


def _es_dict(marcas):
    """A dict's marks, from guard.marcas_de: ("D", its own, ((key, its value's), ...))."""
    return type(marcas) is tuple and len(marcas) == 3 and marcas[0] == "D"


def _aplana(marcas):
    if type(marcas) is tuple:
        return [m for x in marcas for m in _aplana(x)]
    return [marcas]


def primera_distinta(x, y, camino=()):
    """The first place where two marcas_de part: ((path, mark of x), (path, mark of y)), a
    path being the indexes into the returned value's tuples and lists, and the keys into its
    dicts: (2, 0, "content") is v[2][0]["content"]."""
    if _es_lista(x) and _es_lista(y):
        if x[1] != y[1]:
            return (camino, x[1]), (camino, y[1])
        return primera_distinta(x[2], y[2], camino)
    if _es_dict(x) and _es_dict(y):
        if x[1] != y[1]:
            return (camino, x[1]), (camino, y[1])
        for (k, u), (_k, w) in zip(x[2], y[2]):
            if u != w:
                return primera_distinta(u, w, camino + (k,))
        return (camino, x[1]), (camino, y[1])
    if _es_lista(x) or _es_lista(y) or _es_dict(x) or _es_dict(y):
        return (camino, x[1] if _es_lista(x) or _es_dict(x) else x if type(x) is int else -1), \
            (camino, y[1] if _es_lista(y) or _es_dict(y) else y if type(y) is int else -1)
    if type(x) is tuple and type(y) is tuple and len(x) == len(y):
        for j, (u, w) in enumerate(zip(x, y)):
            if u != w:
                return primera_distinta(u, w, camino + (j,))
    return (camino, x if type(x) is int else -1), (camino, y if type(y) is int else -1)


def _regla_dicha(regla):
    """The lines that name a broken rule (and its hint) in a check's message, and the hint
    and the rule's text as show() gets them: ([], "", "") for none."""
    if regla is None:
        return [], "", ""
    lineas = [_("The rule of the statement that is broken: %(rule)s") % {"rule": regla.text}]
    if regla.hint:
        lineas.append(_("Hint: %(hint)s") % {"hint": regla.hint})
    return lineas, regla.hint or "", regla.text


def _fallo_propio(d):
    """The failure of the learner's function, raised by its own code (or by calling it
    wrongly), in the first call where it raised and the contract did not raise the same."""
    for k, hecho in enumerate(d.learner.calls):
        fallo = hecho.get("fallo")
        if fallo is None:
            continue
        suyo = d.reference.calls[k] if k < len(d.reference.calls) else {}
        if suyo.get("lanza") == hecho["lanza"]:
            continue
        propio = fallo["marcos"] and fallo["clase"] == "excepcion"
        llamada_mal = not fallo["marcos"] and fallo["tipo"] == "TypeError" and not d.learner.events
        return fallo if propio or llamada_mal else None
    return None


def _sin_trazas(e):
    """Drop the tracebacks of `e` and of the exceptions it was raised from or while."""
    vistas = set()
    while isinstance(e, BaseException) and id(e) not in vistas:
        vistas.add(id(e))
        e.__traceback__ = None
        e = e.__cause__ if e.__cause__ is not None else e.__context__


def _lineas(tb):
    """[(file, line, function)] of a traceback, outermost first."""
    return [(marco.f_code.co_filename, linea, marco.f_code.co_name) for marco, linea in traceback.walk_tb(tb)]


def _donde_lanzo(contrato, referencia, caso):
    """{"file", "line", "error", "function", "case"}: the innermost line of a course file
    the exception the contract let out passed through (`contrato`, an Observado; a course
    file's grader copy is compiled as "<corrector>/courses/..."; file None when no course
    line is in it)."""
    e = contrato.error
    donde = None
    for fichero, linea, _funcion in contrato.donde:
        if fichero.startswith("<corrector>/courses/"):
            donde = (fichero[len("<corrector>"):], linea)
    return {"file": donde and donde[0], "line": donde and donde[1], "function": referencia,
            "error": "%s: %s" % (type(e).__name__, _texto(e)), "case": caso}


class _ResultadoFalso:
    def __init__(self, fallo):
        self.error = fallo


def _aplica(regla, d):
    try:
        return bool(regla.applies(d))
    except Exception:
        if _estricto():
            raise
        return False


def _estricto():
    return os.environ.get(ESTRICTO) == "1"


def _globales_de(p):
    """Where the learner's function looks its collaborators up: its own globals."""
    f = p.funcion
    if type(f) is types.FunctionType:
        return types.FunctionType.__dict__["__globals__"].__get__(f)
    return p._ns


def _texto(e):
    # The first 400 characters, as the guard keeps of what the learner's side lets out: a
    # longer message (a KeyError of a key thousands of characters long) compares the same.
    try:
        return str(e)[:400]
    except Exception:
        return ""


def short(valor, ancho=160):
    """A value in one line of at most `ancho` characters (a str as it is, else its repr)."""
    s = valor if isinstance(valor, str) else repr(valor)
    s = s.replace("\n", "\\n")
    return s if len(s) <= ancho else s[:ancho - 1] + "…"
