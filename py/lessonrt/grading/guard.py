"""The grader's guard: runs learner code and puts the interpreter back afterwards.

`prepara()` is called once per grading, before any learner code runs. It takes
a snapshot of what learner code could patch and returns closures (`corre`,
`congela`, `grabadora`, ...). Those closures hold every object they need in
their own cells, so replacing a name in this module, in `builtins` or in a
standard module cannot change what they do. engine.py explains the threat model.
"""

import builtins
import gc
import io
import signal

try:  # the C functions: no enum conversion on every restore
    import _signal as _senal
except ImportError:  # pragma: no cover
    _senal = signal
import sys
import time
import types
import warnings

from lessonrt.i18n import N_, _

ESTRICTO = "LESSONRT_GRADER_STRICT"
"""Environment variable: set to 1 and the grader's own errors are raised (the tests set it)."""

FICHERO = "<desafío>"
"""The filename the learner's code is compiled with: its frames, in tracebacks."""

LIMITE_SALIDA = 20_000
"""Characters of learner output kept per run (print in a loop must not eat memory)."""

MAX_NODOS = 200_000
"""Values frozen per call to `congela`; past that the rest becomes an Ajeno."""

MAX_HONDO = 100
"""How deep `congela` goes into nested containers; deeper becomes an Ajeno."""

LATIDO = 0.5
"""Seconds between two of the grader's words that a check goes on (engine.grade's on_alive)."""

HONDO_MARCAS, ANCHO_MARCAS = 5, 64
"""How far marcas_de looks into a returned value's lists for which objects they hold
(levels, items a list): far enough for a conversation's messages and their blocks."""

PARED = 20
"""A run's time is CPU time; on the wall clock it may take this many times its budget (a
busy machine), and no more (code that sleeps)."""


class Plazo(BaseException):
    """The check's time is up (raised inside learner frames)."""


class TopeSuperado(BaseException):
    """The loop called a grader model more times than the check's tope."""


class GuionAgotado(BaseException):
    """The loop called a grader model after its script had ended."""


class Ajeno:
    """What `congela` keeps of a value that is not plain data.

    Never equal to anything but itself, so learner objects with a lying
    `__eq__` cannot pass for the messages or results the contract asks for.
    """

    __slots__ = ("nombre",)

    def __init__(self, nombre):
        self.nombre = nombre  # an English msgid, or (msgid, name): translated when shown

    def __repr__(self):
        return "<%s>" % self.texto()

    def texto(self):
        nombre = self.nombre
        if type(nombre) is tuple:
            return _(nombre[0]) % {"name": nombre[1]}
        return _(nombre)


FALTA = Ajeno(N_("nothing"))

EXCEPCION = Ajeno(N_("an exception"))
"""The mark of a frozen exception object: (EXCEPCION, type name, args)."""
"""An argument the loop did not pass (for example, the tools)."""


class Captura:
    """sys.stdout and sys.stderr while learner code runs: kept, never shown as ours."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, limite):
        self._partes = []
        self._quedan = limite

    def write(self, texto):
        if type(texto) is not str:
            raise TypeError("write() argument must be str, not %s" % type(texto).__name__)
        if self._quedan > 0:
            self._partes.append(texto[: self._quedan])
            self._quedan -= len(texto)
        return len(texto)

    def writelines(self, lineas):
        for linea in lineas:
            self.write(linea)

    def flush(self):
        pass

    def isatty(self):
        return False

    def writable(self):
        return True

    def texto(self):
        return "".join(self._partes)


async def _respuesta_asincrona(valor):
    """What a drawn async tool answers (differential.awaits): a coroutine that gives `valor`."""
    return valor


# The course's own code keeps such a coroutine without awaiting it, as the statement asks,
# and Python warns when it is collected; the warning is the grader's doing, not the learner's.
warnings.filterwarnings("ignore", message=r"coroutine '.*_respuesta_asincrona' was never awaited",
                        category=RuntimeWarning)


# Python's own exception classes, read at import, before any learner code runs: told apart
# from a learner's of the same name by identity (a learner's metaclass may define __eq__).
_EXCEPCIONES_DE_PYTHON = tuple(v for v in vars(builtins).values()
                               if isinstance(v, type) and issubclass(v, BaseException))


def nombre_de_tipo(t, _get=type.__dict__["__name__"].__get__):
    """A class's own name, without running a metaclass's code."""
    try:
        return _get(t)
    except Exception:
        return "?"


def foto_de_modulos(modulos, borra_nuevos=True):
    """An immutable snapshot of modules: their dicts, the code and defaults of
    their functions, and the dicts of their classes (methods included)."""
    fotos = []
    for modulo in modulos:
        d = modulo.__dict__
        nombre = d.get("__name__")
        funciones, clases = [], []
        for valor in list(d.values()):
            if isinstance(valor, types.FunctionType) and valor.__module__ == nombre:
                funciones.append(_foto_funcion(valor))
            elif isinstance(valor, type) and valor.__module__ == nombre:
                items = tuple(valor.__dict__.items())
                clases.append((valor, items))
                for _, miembro in items:
                    miembro = getattr(miembro, "__func__", miembro)
                    if isinstance(miembro, types.FunctionType):
                        funciones.append(_foto_funcion(miembro))
        fotos.append((d, tuple(d.items()), frozenset(d), borra_nuevos,
                      tuple(funciones), tuple(clases)))
    return tuple(fotos)


def _foto_funcion(f):
    return (f, f.__code__, f.__defaults__, f.__kwdefaults__)



def prepara(*, propios, foto_propia, modulos_propios, principal, estandar):
    """Snapshot the interpreter and return the grading closures.

    `propios`: filenames whose frames are the grader's (never traced);
    `foto_propia`: `foto_de_modulos` of the grader's modules, taken at import;
    `modulos_propios`: {name: module} to put back into sys.modules;
    `principal`: the learner's `__main__` module; `estandar`: standard modules
    the grader relies on, whose attributes are put back after each run.

    Everything the closures use is bound here, as a local, so it lives in
    their cells: what learner code does to this module's globals, to builtins
    or to a standard module does not reach them.
    """
    _type, _len, _list, _tuple, _dict, _set, _str = type, len, list, tuple, dict, set, str
    _int, _float, _bool, _bytes, _id = int, float, bool, bytes, id
    _range, _zip, _issubclass = range, zip, issubclass
    _MappingProxy = types.MappingProxyType
    # What a copy is not the same as: what can change, and what is used up as it is read (a
    # generator, a coroutine), which a copy or a wrapper would read on its own.
    _perezosos = (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)
    _mutables = (list, dict, set, bytearray) + _perezosos
    _sorted = sorted
    _BaseException, _KeyboardInterrupt, _Exception = BaseException, KeyboardInterrupt, Exception
    _SyntaxError, _ValueError = SyntaxError, ValueError
    _TracebackType = types.TracebackType
    _tb_de = BaseException.__dict__["__traceback__"].__get__
    _nombre_get = type.__dict__["__name__"].__get__
    _de_python = _EXCEPCIONES_DE_PYTHON
    _dict_get, _dict_values, _dict_items = dict.get, dict.values, dict.items
    _dict_setitem, _dict_pop = dict.__setitem__, dict.pop
    _list_clear, _list_extend = list.clear, list.extend
    _nuevo_objeto, _pon_nombre = object.__new__, Ajeno.__dict__["nombre"].__set__
    _mro_de = type.__dict__["__mro__"].__get__
    _tuple_iter = tuple.__iter__
    _list_iter, _list_len = list.__iter__, list.__len__
    _str_de = str.__str__
    # What a str subclass may not define for its value to be its text: what compares or reads it.
    _RANURAS_DE_TEXTO = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__len__",
                         "__getitem__", "__iter__", "__contains__", "__class__", "__getattribute__")
    _RANURAS_DE_TUPLA = ("__eq__", "__ne__", "__hash__", "__lt__", "__le__", "__gt__", "__ge__",
                         "__iter__", "__getitem__", "__len__", "__contains__", "__class__",
                         "__getattribute__", "__reduce__", "__reduce_ex__", "__deepcopy__")
    _clase_dict = type.__dict__["__dict__"].__get__
    _setattr_tipo, _delattr_tipo = type.__setattr__, type.__delattr__
    _Plazo, _TopeSuperado, _GuionAgotado = Plazo, TopeSuperado, GuionAgotado
    _Ajeno, _FALTA, _Captura, _StringIO = Ajeno, FALTA, Captura, io.StringIO
    _EXCEPCION = EXCEPCION
    _args_de = BaseException.__dict__["args"].__get__
    _FICHERO, _LIMITE_SALIDA, _MAX_NODOS, _MAX_HONDO = FICHERO, LIMITE_SALIDA, MAX_NODOS, MAX_HONDO
    _HONDO_MARCAS, _ANCHO_MARCAS, _LATIDO = HONDO_MARCAS, ANCHO_MARCAS, LATIDO
    # apunta's index beside the numbers in `origenes`: how many of vistos it has indexed, and
    # (_INDICE, id) -> number. Keys no number has, so origenes.get(number) reads as before.
    _INDEXADOS, _INDICE = "indexados", "id"
    _PARED = PARED
    _reloj, _cpu = time.perf_counter, time.process_time
    _settrace, _gettrace = sys.settrace, sys.gettrace
    _setprofile, _getprofile = sys.setprofile, sys.getprofile
    _getrecursionlimit, _setrecursionlimit = sys.getrecursionlimit, sys.setrecursionlimit
    _marcos_de_hilos, _getframe = sys._current_frames, sys._getframe
    _CO_GENERADOR = 0x20 | 0x80 | 0x200  # generator, coroutine, async generator
    _gc_enable, _gc_disable, _gc_isenabled = gc.enable, gc.disable, gc.isenabled
    _gc_callbacks = gc.callbacks
    _propios = frozenset(propios)
    _principal = principal
    _modules = sys.modules
    _sdict = sys.__dict__
    _bdict = builtins.__dict__

    mon = getattr(sys, "monitoring", None)
    if mon is not None:
        _get_tool, _use_tool_id, _free_tool_id = mon.get_tool, mon.use_tool_id, mon.free_tool_id
        _set_events, _register_callback = mon.set_events, mon.register_callback
        _clear_tool_id = getattr(mon, "clear_tool_id", None)
        _LINE, _JUMP, _DISABLE = mon.events.LINE, mon.events.JUMP, mon.DISABLE
        _eventos = tuple(v for n, v in vars(mon.events).items()
                         if n.isupper() and isinstance(v, int) and v and not v & (v - 1))
        estandar = tuple(estandar) + (mon,)

    # What the interpreter looks like now: put back after every learner run.
    foto_b = tuple(_bdict.items())
    claves_b = frozenset(_bdict)
    foto_s = tuple(_sdict.items())
    claves_s = frozenset(_sdict)
    foto_listas = tuple((lista, tuple(lista)) for lista in
                        (sys.path, sys.meta_path, sys.path_hooks, gc.callbacks))
    foto_mods = foto_de_modulos(estandar) + tuple(foto_propia)
    entradas = {nombre: _modules.get(nombre) for nombre in ("__main__", "builtins", "sys")}
    entradas.update((m.__name__, m) for m in estandar if hasattr(m, "__name__"))
    entradas.update(modulos_propios)
    foto_entradas = tuple(entradas.items())
    limite_recursion = _getrecursionlimit()
    rastreo_previo, perfil_previo = _gettrace(), _getprofile()
    gc_activo = _gc_isenabled()
    hilos = _len(_marcos_de_hilos())
    herramientas_previas = tuple(_get_tool(i) for i in range(6)) if mon is not None else ()

    # Ctrl-C (CPython) and the page's Stop button (Pyodide's interrupt buffer)
    # both arrive through the SIGINT handler: a real interrupt stops grading,
    # while a KeyboardInterrupt the learner raises is just a failed check.
    interrumpido = [False]
    restaura_senales, deshaz_senales = _prepara_senales(interrumpido)

    _gc_disable()  # learner objects' __del__ and gc callbacks run only inside guarded runs

    limite_actual = [0.0]
    # The deadline is a moment on the wall clock, cheap to check on every line. When it
    # passes, the CPU clock says whether the learner's code used that time or the machine
    # was busy with something else (a loaded build machine, a test suite beside it): then
    # the deadline moves on by what is left of the budget in CPU time, so a verdict does not
    # depend on the load. Code that sleeps uses no CPU: the wall clock still stops it at
    # PARED times its budget.
    cuenta = [0.0, 0.0, 0.0]  # CPU clock at the start, budget in seconds, last wall moment

    def fija(limite):
        ahora = _reloj()
        limite_actual[0] = limite
        presupuesto = limite - ahora if limite > ahora else 0.0
        cuenta[0], cuenta[1], cuenta[2] = _cpu(), presupuesto, ahora + _PARED * presupuesto + 1.0

    def vencido():
        falta = cuenta[1] - (_cpu() - cuenta[0])
        ahora = _reloj()
        if falta > 0.002 and ahora < cuenta[2]:
            limite_actual[0] = ahora + falta
            return False
        return True
    vivos = []  # learner objects kept alive until the end, so their __del__ runs guarded
    hilos_nuevos = [False]

    def ignora(*args, **kwargs):
        return None

    # -- the deadline ------------------------------------------------------------
    # sys.monitoring (3.12+, Pyodide) keeps raising on every line once time is up,
    # even inside an `except BaseException`. sys.settrace (3.11) is switched off
    # by CPython after its first exception: a loop that catches it is stopped
    # only if it calls one of the grader's models (vigila re-arms the trace), or
    # else by the outer limit (worker terminated, child process killed).
    libres = [i for i in (3, 4, 5) if _get_tool(i) is None] if mon is not None else []
    herramienta = libres[0] if libres else None

    def al_pasar(code, *args):
        if code.co_filename in _propios:
            return _DISABLE
        if _reloj() > limite_actual[0] and vencido():
            raise _Plazo()
        return None

    # Only "line" and "opcode" events raise: an exception raised on a call,
    # return or exception event can land where Python swallows it (a generator
    # closed when dropped, a __del__), and 3.11 then switches tracing off. The
    # learner's own frames also trace opcodes, because 3.11 gives a one-line
    # `while True: pass` no line events at all; generators don't, since they
    # run opcodes while being closed.
    def rastreo_local(frame, evento, arg):
        if (evento == "line" or evento == "opcode") and _reloj() > limite_actual[0] and vencido():
            raise _Plazo()
        return rastreo_local

    def rastreo_global(frame, evento, arg):
        code = frame.f_code
        if code.co_filename in _propios:
            return None
        if code.co_filename == _FICHERO and not code.co_flags & _CO_GENERADOR:
            frame.f_trace_opcodes = True
        return rastreo_local

    def instala():
        if herramienta is None:
            _settrace(rastreo_global)
            return
        _use_tool_id(herramienta, "lessonrt-plazo")
        _register_callback(herramienta, _LINE, al_pasar)
        _register_callback(herramienta, _JUMP, al_pasar)
        _set_events(herramienta, _LINE | _JUMP)

    def libera(i):
        try:
            if _clear_tool_id is not None:
                _clear_tool_id(i)
            else:
                _set_events(i, 0)
                for evento in _eventos:
                    try:
                        _register_callback(i, evento, None)
                    except _ValueError:
                        pass
            _free_tool_id(i)
        except _Exception:
            pass

    def desinstala():
        if herramienta is None:
            _settrace(None)
        elif _get_tool(herramienta) is not None:
            libera(herramienta)

    def pausa():
        # With sys.settrace every call of the grader's own code (the models
        # copying M) would go through rastreo_global: switch it off meanwhile.
        if herramienta is None and _gettrace() is rastreo_global:
            _settrace(None)
            return True
        return False

    def sigue(pausada):
        if pausada:
            _settrace(rastreo_global)

    def vigila():
        # The grader's models check the clock too: a loop that catches the
        # deadline and calls the model again meets it there. With sys.settrace
        # they also re-arm what CPython switched off when the tracer raised
        # (the global trace function and the raising frame's f_trace), so the
        # next line of that loop, even inside its `except`, raises again.
        if _reloj() <= limite_actual[0] or not vencido():
            return
        if herramienta is None:
            if _gettrace() is not rastreo_global:
                _settrace(rastreo_global)
            marco = _getframe(2)
            while marco is not None and marco.f_code.co_filename not in _propios:
                if marco.f_trace is None:
                    marco.f_trace = rastreo_local
                marco = marco.f_back
        raise _Plazo()

    # -- putting things back -------------------------------------------------------
    def restaura_diccionario(d, items, claves, borra_nuevos):
        for clave, valor in items:
            if d.get(clave, _FALTA) is not valor:
                d[clave] = valor
        if borra_nuevos and _len(d) != _len(items):
            for clave in [c for c in d if c not in claves]:
                del d[clave]

    def distinta(lista, contenido):
        if _len(lista) != _len(contenido):
            return True
        for x, y in _zip(lista, contenido):
            if x is not y:
                return True
        return False

    def restaura():
        # Signals and builtins first: everything after them runs Python code.
        restaura_senales()
        restaura_diccionario(_bdict, foto_b, claves_b, True)
        restaura_diccionario(_sdict, foto_s, claves_s, True)
        if _gettrace() is not rastreo_previo:
            _settrace(rastreo_previo)
        if _getprofile() is not perfil_previo:
            _setprofile(perfil_previo)
        for lista, contenido in foto_listas:
            if distinta(lista, contenido):
                lista[:] = contenido
        for d, items, claves, borra, funciones, clases in foto_mods:
            restaura_diccionario(d, items, claves, borra)
            for f, code, defaults, kwdefaults in funciones:
                if f.__code__ is not code:
                    f.__code__ = code
                if f.__defaults__ is not defaults:
                    f.__defaults__ = defaults
                if f.__kwdefaults__ is not kwdefaults:
                    f.__kwdefaults__ = kwdefaults
            for clase, items_clase in clases:
                actual = _clase_dict(clase)
                for clave, valor in items_clase:
                    if actual.get(clave, _FALTA) is not valor:
                        _setattr_tipo(clase, clave, valor)
                if _len(actual) != _len(items_clase):
                    conocidas = {c for c, _ in items_clase}
                    for clave in [c for c in actual if c not in conocidas]:
                        _delattr_tipo(clase, clave)
        for nombre, modulo in foto_entradas:
            if modulo is None:
                _modules.pop(nombre, None)
            elif _modules.get(nombre) is not modulo:
                _modules[nombre] = modulo
        if _getrecursionlimit() != limite_recursion:
            _setrecursionlimit(limite_recursion)
        if mon is not None:
            for i in _range(6):
                if herramientas_previas[i] is None and _get_tool(i) is not None:
                    libera(i)
        if _len(_marcos_de_hilos()) > hilos:
            hilos_nuevos[0] = True

    # -- one guarded run -------------------------------------------------------------
    def entra(captura):
        """Hand the interpreter to learner code: its output to `captura`, no input, no
        tracer or profiler of its own, the deadline armed. restaura() undoes it."""
        _sdict["stdout"] = captura
        _sdict["stderr"] = captura
        _sdict["stdin"] = _StringIO("")
        _sdict["settrace"] = ignora
        _sdict["setprofile"] = ignora
        _modules["__main__"] = _principal
        # Callbacks that were there before the grade (a test runner's, a profiler's) would
        # run inside learner time, where the deadline can be raised in them and swallowed
        # by the collector: put back by restaura().
        _gc_callbacks.clear()
        if gc_activo:
            _gc_enable()
        instala()

    def corre(fn, args, limite):
        """Call fn(*args) as learner code: output captured, under the deadline
        `limite` (a time.perf_counter() value), everything put back afterwards.
        Returns (value, failure, output); failure is None or a plain dict."""
        captura = _Captura(_LIMITE_SALIDA)
        fija(limite)
        interrumpido[0] = False
        valor = fallo = None
        entra(captura)
        try:
            valor = fn(*args)
        except _BaseException as error:  # every way out of learner code becomes data
            vivos.append(error)
            fallo = resume(error)
        finally:
            desinstala()
            _gc_disable()
            restaura()
        vivos.append(valor)
        if fallo is not None and fallo["clase"] == "interrupcion":
            raise _KeyboardInterrupt()
        return valor, fallo, captura.texto()

    def corre_serie(fn, trabajos, segundos, total, ns, clave):
        """Call fn(*args) for each args of `trabajos`, one after another, in one
        guarded run: the interpreter is put back once, at the end. Between two
        calls only this closure runs, on what it holds in its cells. For each
        call it keeps, frozen: the arguments before and after, the value
        returned (and the raw value), the failure, and whether ns[clave]
        changed. Each call has `segundos` of its own, and the whole series
        `total`: a run out of time ends the series. Returns (list, output)."""
        captura = _Captura(_LIMITE_SALIDA)
        cpu_serie = _cpu()
        interrumpido[0] = False
        hechos = []
        entra(captura)
        try:
            for args in trabajos:
                queda = total - (_cpu() - cpu_serie)
                fija(_reloj() + (segundos if segundos < queda else queda))
                antes = congela(args[1:3])
                global_antes = congela(_dict_get(ns, clave, _FALTA))
                valor = fallo = None
                try:
                    valor = fn(*args)
                except _BaseException as error:  # every way out of learner code becomes data
                    vivos.append(error)
                    fallo = resume(error)
                vivos.append(valor)
                if _getrecursionlimit() != limite_recursion:  # congela recurses
                    _setrecursionlimit(limite_recursion)
                hechos.append({
                    "antes": antes, "despues": congela(args[1:3]), "fallo": fallo,
                    "valor": congela(valor) if fallo is None else None, "crudo": valor,
                    "global_cambiado": congela(_dict_get(ns, clave, _FALTA)) != global_antes})
                if fallo is not None and (fallo["clase"] == "plazo"
                                          or fallo["clase"] == "interrupcion"):
                    break
                if _reloj() > limite_actual[0] and vencido():
                    break
        finally:
            desinstala()
            _gc_disable()
            restaura()
        for hecho in hechos:
            if hecho["fallo"] is not None and hecho["fallo"]["clase"] == "interrupcion":
                raise _KeyboardInterrupt()
        return hechos, captura.texto()

    def corre_lote(trabajos, presupuesto, latido=None):
        """Run a batch of calls of learner functions in one guarded run: the interpreter
        is put back once, at the end. A job is (cambios, fn, args, seguidos, nuevos,
        observar, diario, fin, vistos): first the changes, ("pon", dict, key, value), ("quita", dict, key)
        or ("llena", list, items), made with the builtin types' own methods; then
        `seguidos` (a list the collaborators read) gets `nuevos`; then fn(*args), under
        the deadline; then `observar` is frozen. Between two calls only this closure
        runs, on what it holds in its cells. The calls share `presupuesto` seconds of
        their own time. A call out of time ends the batch. `latido()`, if given (a
        latidor), is called between calls. Returns (records, seconds
        used, output); a record is {"valor", "crudo", "fallo", "despues", "eventos"} (and
        "identidad", the value's marcas_de over `vistos`, the case's mutable objects seen so
        far, when it returned), "eventos" being the length of `diario` (the collaborators' record) before and after. A
        job whose `fin` is (ns, names) ends a case: its record also has "al_final", the
        values the case's calls returned, frozen again, and "globales", ns[name] frozen."""
        captura = _Captura(_LIMITE_SALIDA)
        interrumpido[0] = False
        hechos = []
        usado = 0.0
        entra(captura)
        try:
            del_caso = []
            for cambios, fn, args, seguidos, nuevos, observar, diario, fin, vistos in trabajos:
                if latido is not None:
                    latido()  # between two calls (see latidor)
                for cambio in cambios:
                    if cambio[0] == "pon":
                        _dict_setitem(cambio[1], cambio[2], cambio[3])
                    elif cambio[0] == "quita":
                        _dict_pop(cambio[1], cambio[2], None)
                    else:
                        _list_clear(cambio[1])
                        _list_extend(cambio[1], cambio[2])
                _list_clear(seguidos)
                _list_extend(seguidos, nuevos)
                antes = _len(diario)
                empieza = _cpu()
                fija(_reloj() + (presupuesto - usado))
                valor = fallo = None
                try:
                    valor = fn(*args)
                except _BaseException as error:  # every way out of learner code becomes data
                    vivos.append(error)
                    fallo = resume(error)
                usado += _cpu() - empieza
                vivos.append(valor)
                if _getrecursionlimit() != limite_recursion:  # congela recurses
                    _setrecursionlimit(limite_recursion)
                hecho = {"valor": congela(valor) if fallo is None else None, "crudo": valor,
                         "fallo": fallo, "despues": congela(observar),
                         "eventos": (antes, _len(diario))}
                if fallo is None:
                    del_caso.append(valor)
                    hecho["identidad"] = marcas_de(valor, seguidos, vistos)
                if fin is not None:
                    # The case's end: what its calls returned, frozen again (one call must not
                    # change what another returned), and the globals it must leave alone.
                    hecho["al_final"] = congela(del_caso)
                    hecho["globales"] = {n: congela(_dict_get(fin[0], n, None)) for n in fin[1]}
                    del_caso = []
                hechos.append(hecho)
                if fallo is not None and (fallo["clase"] == "plazo"
                                          or fallo["clase"] == "interrupcion"):
                    break
        finally:
            desinstala()
            _gc_disable()
            restaura()
        for hecho in hechos:
            if hecho["fallo"] is not None and hecho["fallo"]["clase"] == "interrupcion":
                raise _KeyboardInterrupt()
        return hechos, usado, captura.texto()

    def nombre(t):
        try:
            return _nombre_get(t)
        except _BaseException:
            return "?"

    def _es_excepcion(t):
        try:
            return _issubclass(t, _BaseException)
        except _BaseException:
            return False

    def resume(error):
        t = _type(error)
        if t is _Plazo:
            clase = "plazo"
        elif t is _TopeSuperado:
            clase = "tope"
        elif t is _GuionAgotado:
            clase = "agotado"
        elif t is _KeyboardInterrupt and interrumpido[0]:
            clase = "interrupcion"
        else:
            clase = "excepcion"
        mensaje = ""
        if clase == "excepcion":
            try:  # the learner's __str__ may run here, still under the deadline
                texto = _str(error)
                if _type(texto) is _str:
                    mensaje = texto[:400]
            except _BaseException:
                mensaje = ""
        marcos = []
        tb = _tb_de(error)
        while tb is not None and _type(tb) is _TracebackType:
            code = tb.tb_frame.f_code
            if code.co_filename == _FICHERO:
                numero = tb.tb_lineno
                marcos.append((numero if numero is not None else tb.tb_frame.f_lineno,
                               code.co_name))
            tb = tb.tb_next
        try:
            sintaxis = _issubclass(t, _SyntaxError)
        except _BaseException:
            sintaxis = False
        propia = False
        for k in _de_python:
            if t is k:
                propia = True
                break
        return {"clase": clase, "tipo": nombre(t), "mensaje": mensaje,
                "marcos": marcos, "sintaxis": sintaxis, "de_python": propia}

    # -- plain data ----------------------------------------------------------------------
    def tupla_honesta(t, base=_tuple, ranuras=_RANURAS_DE_TUPLA):
        """Whether t is a subclass of base (a namedtuple of tuple, say; a list
        subclass of list; an Enum of str, with ranuras=_RANURAS_DE_TEXTO) whose
        classes above base define none of `ranuras`, nothing that compares, hashes
        or reads it: then it is equal to its plain base value, as the contract's ==
        says."""
        try:
            if not _issubclass(t, base):
                return False
            for clase in _mro_de(t):
                if clase is base:
                    return True
                propio = _clase_dict(clase)
                for ranura in ranuras:
                    if ranura in propio:
                        return False
        except _BaseException:
            return False
        return False

    def ajeno(texto):
        # Built without running Ajeno's Python code: learner code may have
        # rewritten it, and congela runs between the learner calls of a series.
        a = _nuevo_objeto(_Ajeno)
        _pon_nombre(a, texto)
        return a

    def congela(valor):
        """A deep copy made only of lists, tuples, dicts, strings, numbers and
        None; anything else (subclasses included) becomes an Ajeno. No learner
        code runs while copying."""
        return copia(valor, [_MAX_NODOS], 0)

    def copia(v, cuenta, hondo):
        # A depth bound instead of a set of the containers on the way: cheaper,
        # and a list that contains itself ends there all the same.
        t = _type(v)
        if t is _str or v is None or t is _int or t is _bool or t is _float or t is _bytes \
                or t is _Ajeno:
            return v
        if tupla_honesta(t, _str, _RANURAS_DE_TEXTO):
            return _str_de(v)
        cuenta[0] -= 1
        if cuenta[0] < 0:
            return ajeno(N_("a value too large"))
        if hondo >= _MAX_HONDO:
            return ajeno(N_("a value nested without end (a list that contains itself?)"))
        hondo += 1
        if t is _dict:
            r = {}
            for k, x in v.items():
                r[k if _type(k) is _str else copia(k, cuenta, hondo)] = (
                    x if _type(x) is _str else copia(x, cuenta, hondo))
            return r
        if t is not _list and t is not _tuple and tupla_honesta(t, _list):
            t, v = _list, _list(_list_iter(v))  # a list subclass that only adds methods
        if t is _list:
            r = []
            for x in v:
                r.append(x if _type(x) is _str else copia(x, cuenta, hondo))
            return r
        if t is not _tuple and not tupla_honesta(t):
            if _es_excepcion(t):
                # An exception as a value (returned, not raised): its type's name and its
                # args, read through BaseException's own descriptor, so no learner code runs.
                return (_EXCEPCION, nombre(t), copia(_args_de(v), cuenta, hondo))
            return ajeno((N_("an object %(name)s"), nombre(t)))
        r = []
        for x in _tuple_iter(v):  # a namedtuple is the tuple of its fields
            r.append(x if _type(x) is _str else copia(x, cuenta, hondo))
        return _tuple(r)

    def estable_de(H, visto):
        # A caller passes the same list (of tools, say) on every call: frozen
        # once, and again only if the list or one of its dicts is another object.
        if H is visto[0] and _type(H) is _list:
            items = _tuple(_tuple(_dict_values(h)) if _type(h) is _dict else h for h in H)
            if _len(items) == _len(visto[1]) and all_is(items, visto[1]):
                return visto[2]
        else:
            items = _tuple(_tuple(_dict_values(h)) if _type(h) is _dict else h for h in H) \
                if _type(H) is _list else ()
        visto[0], visto[1], visto[2] = H, items, congela(H)
        return visto[2]

    def all_is(a, b):
        for x, y in _zip(a, b):
            if _type(x) is _tuple and _type(y) is _tuple:
                if _len(x) != _len(y):
                    return False
                for u, w in _zip(x, y):
                    if u is not w:
                        return False
            elif x is not y:
                return False
        return True

    def copia_con_alias(v, hechas):
        # As copia_plana, and an object that comes twice in what a collaborator returns
        # (the same call block twice in a model's answer) comes twice in the copy too: two
        # places, one object, as the function under test would meet it.
        t = _type(v)
        if t is not _list and t is not _dict:
            if t is _tuple:
                return _tuple(copia_con_alias(x, hechas) for x in v)
            return copia_plana(v)
        hecha = hechas.get(_id(v))
        if hecha is not None:
            return hecha
        if t is _list:
            r = hechas[_id(v)] = []
            r.extend(copia_con_alias(x, hechas) for x in v)
            return r
        r = hechas[_id(v)] = {}
        for k, x in _dict_items(v):
            r[k] = copia_con_alias(x, hechas)
        return r

    def copia_plana(v):
        # A fresh copy of the grader's own frozen data: nothing in it needs checking.
        t = _type(v)
        if t is _list:
            return [copia_plana(x) for x in v]
        if t is _dict:
            return {k: copia_plana(x) for k, x in _dict_items(v)}
        if t is _tuple:
            return _tuple(copia_plana(x) for x in v)
        if t is _str and _len(v) > 1:
            # A new str object, as one read from JSON would be: code that compares texts
            # with `is` instead of == is caught.
            return v[:1] + v[1:]
        return v

    # -- recording fakes --------------------------------------------------------------
    def grabadora(respuestas, tope, origen, vigilar, nombres, confiable=None, estable=True):
        """A scripted fake for a function the learner's code calls as
        f(<nombres[0]>, <nombres[1]>): it records, in its own cells, a frozen
        copy of every argument it receives (the second, when `estable`, frozen
        again only when it is another object or its items changed). Call k
        answers a fresh copy of respuestas[k-1]; a call past `tope` raises
        TopeSuperado, one past the script GuionAgotado. `origen` is the object
        the caller started from: each record says whether the first argument
        was that very object. In runs of the course's own code (`vigilar`
        false) `confiable` copies the first argument, faster than congela.
        Returns (fake, lee)."""
        llamadas = []
        visto = [None, (), None]  # the second argument last received, its items, its copy
        estado = [0, False, False]  # calls, past the tope, past the script
        respuestas = _tuple(respuestas)  # the grader's own answers, already frozen
        primero, segundo = nombres
        copia_primero = congela if vigilar or confiable is None else confiable

        def fake(*args, **kwargs):
            if vigilar:
                vigila()
            k = estado[0] + 1
            estado[0] = k
            if k <= tope + 20:
                A = args[0] if _len(args) > 0 else kwargs.get(primero, _FALTA)
                B = args[1] if _len(args) > 1 else kwargs.get(segundo, _FALTA)
                raros = _len(args) > 2
                for clave in kwargs:
                    if clave != primero and clave != segundo:
                        raros = True
                pausada = pausa()
                try:
                    llamadas.append({primero: copia_primero(A),
                                     segundo: estable_de(B, visto) if estable else _FALTA,
                                     "es_origen": A is origen, "raros": raros})
                finally:
                    sigue(pausada)
            if k > tope:
                estado[1] = True
                raise _TopeSuperado()
            if k > _len(respuestas):
                estado[2] = True
                raise _GuionAgotado()
            pausada = pausa()
            try:
                return copia_plana(respuestas[k - 1])
            finally:
                sigue(pausada)

        def lee():
            return {"llamadas": _list(llamadas), "n": estado[0],
                    "excedido": estado[1], "agotado": estado[2]}

        return fake, lee

    def marca(a, seguidos, vistos):
        """Which object `a` is, by identity alone (no learner code runs): the index in
        `seguidos` (the arguments of the call under test) of the very same object; else,
        for a list or dict (or a read-only view), -2 - its number in `vistos`, the mutable
        objects of the case numbered by first appearance, so two sides compare their
        patterns of sharing, not ids; else -1."""
        m = -1
        for j in _range(_len(seguidos)):
            if a is seguidos[j]:
                m = j
        if m >= 0 or vistos is None:
            return m
        t = _type(a)
        if t is not _list and t is not _dict and t is not _MappingProxy:
            try:
                if not _issubclass(t, _mutables):
                    return -1
            except _BaseException:
                return -1
        for n in _range(_len(vistos)):
            if a is vistos[n]:
                return -2 - n
        vistos.append(a)
        return -1 - _len(vistos)

    def latidor(avisa):
        """`avisa` (engine.grade's on_alive), called at most every LATIDO seconds however
        often the result is: the word that a check goes on. It runs between two calls of a
        batch too, after learner code that may have rebound any name of the grader's
        modules, so it uses only what this closure holds, and `avisa` itself."""
        ultimo = [_reloj()]

        def latido():
            ahora = _reloj()
            if ahora - ultimo[0] >= _LATIDO:
                ultimo[0] = ahora
                avisa()

        return latido

    def marcas_de(v, seguidos, vistos, hondo=0):
        """marca() of a returned value, seen through its tuples (a function that returns
        (reason, text, M) returns M itself, or a copy) and into its lists, whose own mark
        comes with their items' as ("L", mark, (items...)): M = list(inicio) holds inicio's
        very messages, and ("asistente", r) the very list the model returned, where a
        deepcopy holds others that are only equal."""
        t = _type(v)
        if hondo < 3 and (t is _tuple or tupla_honesta(t)):
            return _tuple(marcas_de(x, seguidos, vistos, hondo + 1) for x in _tuple_iter(v))
        m = marca(v, seguidos, vistos)
        if hondo < _HONDO_MARCAS and vistos is not None and es_lista(t) and _list_len(v) <= _ANCHO_MARCAS:
            # Read through list's own methods: a subclass's (M = Mensajes(inicio)) never run here.
            return ("L", m, _tuple(marcas_de(x, seguidos, vistos, hondo + 1) for x in _list_iter(v)))
        if hondo < _HONDO_MARCAS and vistos is not None and t is _dict and _len(v) <= _ANCHO_MARCAS:
            # A plain dict, key by key in the keys' order (only str keys: sorting others, or
            # hashing them, would run their code): an observation {"content": valor} holds the
            # very valor a tool returned, where a wrapper or a copy holds another.
            pares = _list(_dict_items(v))
            for k, _x in pares:
                if _type(k) is not _str:
                    return m
            pares = _sorted(pares)  # the keys differ: no value is ever compared
            return ("D", m, _tuple((k, marcas_de(x, seguidos, vistos, hondo + 1)) for k, x in pares))
        return m

    def es_lista(t):
        try:
            return t is _list or _issubclass(t, _list)
        except _BaseException:
            return False

    def apunta(v, vistos, origenes, origen, hondo=0):
        """Number in `vistos` the lists and dicts in v that are not there yet (v itself
        first, then what it holds, in order), each with its `origen`: a case's argument, or
        what a collaborator returned, so that where they end up is compared by identity."""
        t = _type(v)
        if hondo > _HONDO_MARCAS:
            return
        if t is _list or t is _dict or t in _perezosos:
            # Whether v is numbered already, by its id in an index kept beside the numbers in
            # `origenes` (vistos holds every object it numbers, so no id is reused meanwhile):
            # a scan of vistos for each new object cost a conversation of 2,400 messages
            # seconds. What marca numbered since the last call is indexed first.
            n = origenes.get(_INDEXADOS, 0)
            while n < _len(vistos):
                origenes[(_INDICE, _id(vistos[n]))] = n
                n += 1
            if (_INDICE, _id(v)) in origenes:
                return
            vistos.append(v)
            origenes[n] = origen
            origenes[(_INDICE, _id(v))] = n
            origenes[_INDEXADOS] = n + 1
            for x in (_list(v) if t is _list else _list(_dict_values(v)) if t is _dict else ()):
                apunta(x, vistos, origenes, origen, hondo + 1)
        elif t is _tuple:
            for x in _tuple_iter(v):
                apunta(x, vistos, origenes, origen, hondo + 1)

    def imitador(conductas, resto, tope, vigilar, seguidos, diario, nombre, excepciones,
                 vistos=None, origenes=None):
        """A collaborator with a drawn behaviour, for differential grading. Call k
        records, in `diario` (a list shared by every collaborator of a run, so the
        order between them is kept), (nombre, frozen positional args, frozen
        keyword args, identity marks), then acts as conductas[k-1] (or `resto`
        past them): ("devuelve", value) answers a fresh copy; ("lanza", type
        name, args) raises an instance of excepciones[type name]; ("cambia",
        i, key, value, next) sets args[i][key] = value, then acts as `next`;
        ("delega", function) returns function(*args, **kwargs); with i a str, ("cambia",
        name, key, value, next) changes the keyword argument `name`: a list gets value
        appended, a dict value at key; ("genera", items) answers a new generator
        over a copy of items; ("espera", value) a new coroutine whose await gives
        a copy of value; ("reentra", function, args, next) calls the function under test
        with args, then acts as `next`; ("imprime", text, next) prints text to sys.stdout, then acts
        as `next`; ("añade", keys, next) acts as `next` and adds keys to
        the dict it answers (a copy of it); ("si", i, text,
        then, else) acts as `then` when args[i] is that very str. A mark says,
        for each positional argument, the index in `seguidos` (the arguments
        of the call under test) of the very same object, or -1. A call past
        `tope` raises TopeSuperado. With `diario` None it records nothing (a pure
        helper, which may be called any number of times). Returns (fake, calls made)."""
        estado = [0, False]
        conductas = _tuple(conductas)

        # A loop, not a recursion: a closure that named itself would be a reference cycle,
        # one per collaborator per case, left for the cyclic collector (a third of a
        # grade's time went to collecting them).
        def actua(conducta, args, kwargs):
            extra = None
            while True:
                tipo = conducta[0]
                if tipo == "devuelve":
                    valor = copia_con_alias(conducta[1], {})
                    if extra is not None and _type(valor) is _dict:
                        _dict.update(valor, copia_plana(extra))
                    if origenes is not None and vistos is not None:
                        apunta(valor, vistos, origenes, (nombre, estado[0]))
                    return valor
                if tipo == "lanza":
                    # Raised as made, never named: a local holding it would be a cycle (its
                    # traceback holds this frame).
                    if _len(conducta) > 3:  # ("lanza", type, args, (cause type, cause args))
                        raise excepciones[conducta[1]](*copia_plana(conducta[2])) \
                            from excepciones[conducta[3][0]](*copia_plana(conducta[3][1]))
                    raise excepciones[conducta[1]](*copia_plana(conducta[2]))
                if tipo == "crea":  # an exception returned as a value, not raised
                    return excepciones[conducta[1]](*copia_plana(conducta[2]))
                if tipo == "genera":  # a lazy answer: a new generator over its items
                    valor = (x for x in copia_plana(conducta[1]))
                    if origenes is not None and vistos is not None:
                        apunta(valor, vistos, origenes, (nombre, estado[0]))
                    return valor
                if tipo == "espera":  # an async tool's answer: a new coroutine, not awaited
                    valor = _respuesta_asincrona(copia_plana(conducta[1]))
                    if origenes is not None and vistos is not None:
                        apunta(valor, vistos, origenes, (nombre, estado[0]))
                    return valor
                if tipo == "imprime":  # a tool that prints as it works, then acts as the next
                    # To whatever sys.stdout is at the call: code that captures it sees the text.
                    _dict_get(_sdict, "stdout").write(conducta[1] + "\n")
                    conducta = conducta[2]
                    continue
                if tipo == "reentra":  # calls the function under test itself, then acts as `next`
                    conducta[1](*conducta[2])
                    conducta = conducta[3]
                    continue
                if tipo == "añade":  # the next behaviour's dict, with these keys added
                    extra = conducta[1]
                    conducta = conducta[2]
                    continue
                if tipo == "cambia":
                    donde = conducta[1]
                    if _type(donde) is _str:  # a keyword argument: a list grows, a dict gets the key
                        objetivo = kwargs.get(donde)
                        if _type(objetivo) is _list:
                            _list.append(objetivo, copia_plana(conducta[3]))
                        elif _type(objetivo) is _dict:
                            _dict.__setitem__(objetivo, conducta[2], copia_plana(conducta[3]))
                    else:
                        args[donde][conducta[2]] = copia_plana(conducta[3])
                    conducta = conducta[4]
                elif tipo == "si":  # ("si", i, value, then, else): only a str is compared, no __eq__ runs
                    i = conducta[1]
                    if conducta[2] is _FALTA:  # FALTA: "is not a str"
                        igual = i < _len(args) and _type(args[i]) is not _str
                    else:
                        igual = i < _len(args) and _type(args[i]) is _str and args[i] == conducta[2]
                    conducta = conducta[3] if igual else conducta[4]
                else:
                    valor = conducta[1](*args, **kwargs)
                    if extra is not None and _type(valor) is _dict:
                        valor = {**valor, **copia_plana(extra)}
                    return valor

        def fake(*args, **kwargs):
            if vigilar:
                vigila()
            k = estado[0] + 1
            estado[0] = k
            pausada = pausa()
            try:
                if diario is not None and k <= tope:
                    marcas, copias = [], []
                    for a in args:
                        m = marca(a, seguidos, vistos)
                        marcas.append(m)
                        # The very object the function got: the mark says all (and its
                        # state is observed after the call).
                        copias.append(None if m >= 0 else congela(a))
                    diario.append((nombre, _tuple(copias), congela(kwargs), _tuple(marcas)))
            finally:
                sigue(pausada)
            if k > tope:
                estado[1] = True
                raise _TopeSuperado()
            conducta = conductas[k - 1] if k <= _len(conductas) else resto
            return actua(conducta, _list(args), kwargs)

        def cuenta():
            return estado[0], estado[1]

        return fake, cuenta

    def abre_curso(textos, open_url):
        """The learner's open_url: the course files the grader already read;
        anything else goes to the page's (or the command line's) open_url."""
        textos = dict(textos)

        def open_url_alumno(url):
            texto = textos.get(url) if _type(url) is _str else None
            if texto is not None:
                return _StringIO(texto)
            return open_url(url)

        return open_url_alumno

    def termina():
        """Leave the interpreter as grading found it."""
        restaura()
        deshaz_senales()
        if gc_activo:
            _gc_enable()

    def hay_hilos():
        return hilos_nuevos[0]

    return types.SimpleNamespace(corre=corre, corre_serie=corre_serie, corre_lote=corre_lote, congela=congela, marcas_de=marcas_de, apunta=apunta, latidor=latidor, grabadora=grabadora,
                                 imitador=imitador, copia_plana=copia_plana,
                                 abre_curso=abre_curso, restaura=restaura, termina=termina,
                                 vivos=vivos, hay_hilos=hay_hilos)


_SENALES = ("SIGINT", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGUSR1", "SIGUSR2", "SIGTERM")
_TEMPORIZADORES = ("ITIMER_REAL", "ITIMER_VIRTUAL", "ITIMER_PROF")


def _prepara_senales(interrumpido):
    """Install the grader's SIGINT handler and snapshot the signal handlers and
    interval timers learner code could set. Returns (restore, undo), closures;
    both do nothing where Python cannot handle signals (not the main thread)."""
    _KeyboardInterrupt, _ValueError, _OSError, _TypeError = (
        KeyboardInterrupt, ValueError, OSError, TypeError)
    poner, leer = _senal.signal, _senal.getsignal
    poner_temporizador = getattr(_senal, "setitimer", None)
    leer_temporizador = getattr(_senal, "getitimer", None)

    def al_interrumpir(numero, marco):
        interrumpido[0] = True
        raise _KeyboardInterrupt()

    try:
        original = poner(signal.SIGINT, al_interrumpir)
    except (ValueError, OSError, AttributeError, RuntimeError):
        return (lambda: None), (lambda: None)
    manejadores = []
    for nombre in _SENALES:
        if hasattr(signal, nombre):
            try:
                manejadores.append((getattr(signal, nombre), leer(getattr(signal, nombre))))
            except (ValueError, OSError):
                pass
    temporizadores = []
    if leer_temporizador is not None and poner_temporizador is not None:
        for nombre in _TEMPORIZADORES:
            if hasattr(signal, nombre):
                try:
                    numero = getattr(signal, nombre)
                    temporizadores.append((numero, leer_temporizador(numero)))
                except (ValueError, OSError):
                    pass
    manejadores, temporizadores = tuple(manejadores), tuple(temporizadores)

    def restaura():
        for numero, antes in temporizadores:
            try:
                if antes == (0.0, 0.0) and leer_temporizador(numero) != antes:
                    poner_temporizador(numero, 0)
            except (_ValueError, _OSError):
                pass
        for numero, manejador in manejadores:
            try:
                if leer(numero) is not manejador:
                    poner(numero, manejador)
            except (_ValueError, _OSError, _TypeError):
                pass

    def deshaz():
        restaura()
        try:
            poner(signal.SIGINT, original)
        except (ValueError, OSError, TypeError):
            pass

    return restaura, deshaz
