"""A lesson's challenge: its checks, and how the grader finds them.

A challenge lives beside its lesson, as the package `checks/` or the
module `checks.py` in the lesson's folder. It declares, at module level:

    SIGNATURE = "bucle(modelo, inicio, entorno, tope)"
        what the learner writes; the name before "(" is the function the
        grader takes from the learner's file.
    FILES = ("guionizado.py", "entorno.py", "bucle.py")
        course files (under /courses/<course>/) that every check gets fresh
        copies of, executed in this order into `p.course`.

and its checks, in the order learners see them:

    @check("id-del-check", "Título que ve el alumno")
    def nombre(p):
        ...
        return passed, "mensaje en español"

Optional: `Probe`, a subclass of lessonrt.grading.Probe with what its checks
need beyond the generic runs; `GENERATED`, the ids of checks over generated
cases (a failure there that an earlier check already explained says so in one
line); `LABELS`, the two labels the page puts over `did` and `expected`.

Challenges are imported once, before any learner code runs (the worker does it
before its memory snapshot), and kept in sys.modules under a name made from
their key, "<course>/<lesson>".
"""

import importlib.util
import os
import re
import sys

from lessonrt.grading import guard
from lessonrt.grading.prueba import Probe

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
_FIRMA = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\(.*\)\Z")
_CLAVE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*\Z")


class Comprobacion:
    """One check: an id, the title learners see, and the function f(p)."""

    __slots__ = ("id", "titulo", "funcion")

    def __init__(self, id, titulo, funcion):
        self.id, self.titulo, self.funcion = id, titulo, funcion

    def __call__(self, p):
        return self.funcion(p)

    def __iter__(self):  # id, titulo, funcion = check
        return iter((self.id, self.titulo, self.funcion))


def check(id, titulo):
    """Make the decorated function a check of the challenge whose module defines it."""
    if not isinstance(id, str) or not _ID.match(id):
        raise ValueError("check id %r: use lowercase words joined by '-'" % (id,))
    if not isinstance(titulo, str) or not titulo or len(titulo) > 60 or titulo != titulo.strip():
        raise ValueError("check %r: the title must be 1-60 characters, no outer spaces" % id)

    def registra(f):
        # The mark is read once, when the challenge is loaded: the function
        # itself stays a plain module function, which the guard puts back after
        # every learner run.
        f.__comprobacion__ = (id, titulo)
        return f

    return registra


def _linea(fichero, nombre):
    """The line of a checks file where `nombre` is assigned; 1 (the top) when it is not."""
    try:
        with open(fichero, encoding="utf-8") as f:
            for numero, texto in enumerate(f, 1):
                if re.match(r"%s\s*[:=]" % nombre, texto):
                    return numero
    except OSError:
        pass
    return 1


def _linea_de_nombre(fichero, nombre):
    """The line of a checks file that defines `nombre` (a class, a def or an assignment)."""
    try:
        with open(fichero, encoding="utf-8") as f:
            for numero, texto in enumerate(f, 1):
                if re.match(r"(class|def)\s+%s\b|%s\s*[:=]" % (nombre, nombre), texto):
                    return numero
    except OSError:
        pass
    return 1


def _linea_de(funcion):
    """The line of a check's @check (a decorated def starts at its first decorator)."""
    return getattr(getattr(funcion, "__code__", None), "co_firstlineno", "?")


class DesafioMal(Exception):
    """A challenge that cannot be graded with: the message says what to fix, for its author."""


class Desafio:
    """A loaded challenge: what the engine needs of it."""

    def __init__(self, clave, modulo, modulos):
        self.clave = clave
        self.curso = "/courses/%s/" % clave.split("/")[0]
        self.modulo = modulo
        self.modulos = modulos  # the package and every submodule it imported of its own
        fichero = modulo.__file__
        firma = getattr(modulo, "SIGNATURE", None)
        m = _FIRMA.match(firma) if isinstance(firma, str) else None
        if m is None:
            what = "has no SIGNATURE" if firma is None else "SIGNATURE = %r is not a signature" % (firma,)
            raise DesafioMal("%s:%d: %s; write SIGNATURE = \"name(parameter, ...)\", the function the "
                             "learner defines as its def line names it, as in SIGNATURE = \"doble(n)\""
                             % (fichero, _linea(fichero, "SIGNATURE"), what))
        self.firma, self.funcion = firma, m.group(1)
        ficheros = getattr(modulo, "FILES", ())
        if not isinstance(ficheros, tuple) or not all(
                isinstance(f, str) and re.fullmatch(r"[\w.-]+\.py", f) for f in ficheros):
            raise DesafioMal("%s: FILES must be a tuple of course file names, like "
                             "(\"entorno.py\",)" % fichero)
        self.ficheros = ficheros
        comprobaciones, vistos = [], {}
        for valor in list(vars(modulo).values()):
            marca = getattr(valor, "__comprobacion__", None) if callable(valor) else None
            if isinstance(marca, tuple) and len(marca) == 2:
                if marca[0] in vistos:
                    linea = _linea_de(valor)
                    raise DesafioMal("%s:%s: check id %r is already the id of the check at line %s; give "
                                     "each check its own id in @check(\"id\", ...) (ids are what the "
                                     "corpus headers and the learner's stored results name)"
                                     % (fichero, linea, marca[0], _linea_de(vistos[marca[0]])))
                vistos[marca[0]] = valor
                comprobaciones.append(Comprobacion(marca[0], marca[1], valor))
        if not comprobaciones:
            raise DesafioMal("%s: it registers no check: decorate each check with "
                             "@check(\"id\", \"Título\") from lessonrt.grading" % fichero)
        self.comprobaciones = tuple(comprobaciones)
        self.generadas = frozenset(getattr(modulo, "GENERATED", ()))
        etiquetas = getattr(modulo, "LABELS", None)
        self.etiquetas = None if etiquetas is None else tuple(etiquetas)  # None: the grader's own
        for viejo, nuevo in _NOMBRES_VIEJOS:
            if viejo in vars(modulo):
                raise DesafioMal("%s:%d: %s is the old name of %s; rename it to %s (the grader only "
                                 "reads %s)" % (fichero, _linea_de_nombre(fichero, viejo), viejo, nuevo,
                                                nuevo, nuevo))
        self.prueba = getattr(modulo, "Probe", Probe)
        if not (isinstance(self.prueba, type) and issubclass(self.prueba, Probe)):
            raise DesafioMal("%s: Probe must be a subclass of lessonrt.grading.Probe" % fichero)
        # What the guard puts back after each learner run, taken now, before any.
        self.foto = guard.foto_de_modulos(modulos)
        self.modulos_propios = tuple((m.__name__, m) for m in modulos)
        self.propios = frozenset(m.__file__ for m in modulos if getattr(m, "__file__", None))


def nombre_de_modulo(clave):
    return "lessonrt_desafio__" + re.sub(r"\W", "_", clave)


FICHERO_VIEJO = "comprobaciones"
"""The name a lesson's checks file had: one still named so is refused, not ignored."""

# Module-level names a checks file once defined for the grader to read, which it would now
# silently ignore: (old, new).
_NOMBRES_VIEJOS = (("Prueba", "Probe"),)


def fuente(carpeta):
    """The path of the challenge in a lesson's folder, or None."""
    for nombre in (FICHERO_VIEJO, FICHERO_VIEJO + ".py"):
        viejo = os.path.join(carpeta, nombre)
        if os.path.exists(viejo):
            nuevo = "checks" + nombre[len(FICHERO_VIEJO):]
            raise DesafioMal("%s: a lesson's checks are named %s now; rename %s to %s"
                             % (viejo, nuevo, nombre, nuevo))
    paquete = os.path.join(carpeta, "checks", "__init__.py")
    if os.path.isfile(paquete):
        return paquete
    modulo = os.path.join(carpeta, "checks.py")
    return modulo if os.path.isfile(modulo) else None


def carga(clave, carpeta):
    """Import the challenge of the lesson `clave` ("<course>/<lesson>") from its
    folder, once; later calls return the same Desafio."""
    if not isinstance(clave, str) or not _CLAVE.match(clave):
        raise DesafioMal("%r is not a challenge: name it as COURSE/LESSON, like my-course/my-lesson"
                         % (clave,))
    nombre = nombre_de_modulo(clave)
    ya = _cargados(clave)
    if ya is not None:
        return ya
    ruta = fuente(carpeta)
    if ruta is None:
        raise DesafioMal("%s has no challenge: no checks.py and no checks/ folder"
                         % carpeta)
    paquete = ruta.endswith("__init__.py")
    spec = importlib.util.spec_from_file_location(
        nombre, ruta, submodule_search_locations=[os.path.dirname(ruta)] if paquete else None)
    modulo = importlib.util.module_from_spec(spec)
    sys.modules[nombre] = modulo
    try:
        spec.loader.exec_module(modulo)
    except BaseException:
        for n in [n for n in sys.modules if n == nombre or n.startswith(nombre + ".")]:
            del sys.modules[n]
        raise
    modulos = [modulo] + [m for n, m in sorted(sys.modules.items()) if n.startswith(nombre + ".")]
    desafio = Desafio(clave, modulo, tuple(modulos))
    desafio.carpeta = carpeta
    _guarda(clave, desafio)
    return desafio


def raiz_del_repositorio():
    """web/courses in a checkout of the repository (CPython: the command line and the tests)."""
    aqui = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(aqui))), "web", "courses")


def primero(raiz=None):
    """The key of the first challenge of the courses under `raiz` (the repository's
    web/courses by default): courses in name order, lessons in their course.toml's."""
    import tomllib

    raiz = raiz or raiz_del_repositorio()
    for curso in sorted(os.listdir(raiz)):
        indice = os.path.join(raiz, curso, "course.toml")
        if not os.path.isfile(indice):
            continue
        with open(indice, "rb") as f:
            lecciones = tomllib.load(f).get("lessons", [])
        for leccion in lecciones:
            if fuente(os.path.join(raiz, curso, leccion)) is not None:
                return "%s/%s" % (curso, leccion)
    raise DesafioMal("no lesson under %s brings a challenge" % raiz)


def desafio(clave, raiz=None):
    """The challenge `clave`: already loaded, or imported from raiz/<course>/<lesson>/."""
    ya = _cargados(clave) if isinstance(clave, str) else None
    if ya is not None:
        return ya
    raiz = raiz or raiz_del_repositorio()
    return carga(clave, os.path.join(raiz, *str(clave).split("/")))


def _caja():
    # Loaded challenges, in a closure cell rather than a module-level dict: the
    # guard restores this module's dict after learner runs, not its closures.
    cargados = {}

    def guarda(clave, valor):
        cargados.setdefault(clave, valor)

    def busca(clave):
        return cargados.get(clave)

    def claves():
        return sorted(cargados)

    return guarda, busca, claves


_guarda, _cargados, _claves = _caja()


def todos():
    """Every challenge loaded in this interpreter, in key order."""
    return [_cargados(clave) for clave in _claves()]


def titulos():
    """{key: [[id, title], ...]} of every challenge loaded: what the page lists before a grade."""
    return {clave: [[c.id, c.titulo] for c in _cargados(clave).comprobaciones] for clave in _claves()}
