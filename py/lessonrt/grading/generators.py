"""Value generators for differential grading, with shrinking for free.

A generator draws a value from a Fuente, a stream of small integer choices.
Every value is a function of the choices made while drawing it, so a case is
its list of choices: replaying the list gives the same case, and a shorter
list, or one with smaller numbers, gives a simpler case. Shrinking works on
that list alone (`encoge`), whatever the generators are; no generator needs
its own shrinker. Choice 0 is always the simplest: the first option of
`one_of`, the low end of `integers`, the end of a list.

    from lessonrt.grading import generators as G
    texto = G.texts(G.values("a", "b", " "), max_size=4)
    tope = G.integers(0, 12)
    G.example(G.lists(tope), seed=1)

The grader runs in the page too (Pyodide), so this stays small and depends on
the standard library only.
"""

import random

from lessonrt.i18n import _


class Agotado(Exception):
    """A replayed case ran past the choices it was given (or past the cap)."""


class Fuente:
    """Where choices come from: first `prefijo` (a replay), then, with `azar`
    (a random.Random), random choices sized by `tamano`; without it, zeros
    (the simplest rest). `max_size` caps how many choices one case may make."""

    def __init__(self, prefijo=(), azar=None, tamano=6, max_size=2000):
        self.prefijo = tuple(prefijo)
        self.azar = azar
        self.tamano = tamano
        self.max_size = max_size
        self.elecciones = []
        # (start, end) of the choices each draw through draw() took, two or more: an element
        # of a list, a composite's value. Shrinking deletes them whole (encoge).
        self.tramos = []

    def _siguiente(self, n, aleatoria):
        i = len(self.elecciones)
        if i >= self.max_size:
            raise Agotado()
        if i < len(self.prefijo):
            v = min(self.prefijo[i], n)
        elif self.azar is None:
            v = 0
        else:
            v = aleatoria()
        self.elecciones.append(v)
        return v

    def choose(self, n, uniform=False):
        """A whole number from 0 to n. Random ones stay mostly within the size, unless
        `uniform` (a length that should be large when drawn, yet shrink to small)."""
        azar = self.azar

        def aleatoria():
            if not uniform and n > self.tamano and azar.random() < 0.8:
                return azar.randint(0, self.tamano)
            return azar.randint(0, n)

        return self._siguiente(n, aleatoria)

    def otro(self, average):
        """1 (one more element) or 0 (stop), with about `average` ones in a row."""
        azar = self.azar
        return self._siguiente(1, lambda: 1 if azar.random() * (average + 1) < average else 0)

    def draw(self, generador):
        inicio = len(self.elecciones)
        valor = generador.draw(self)
        if len(self.elecciones) - inicio >= 2:
            self.tramos.append((inicio, len(self.elecciones)))
        return valor


class Generador:
    """Something that draws one value from a Fuente."""

    def draw(self, fuente):
        raise NotImplementedError

    def map(self, funcion):
        return _Mapea(self, funcion)


class _Mapea(Generador):
    def __init__(self, base, funcion):
        self.base, self.funcion = base, funcion

    def draw(self, fuente):
        return self.funcion(self.base.draw(fuente))


class _Funcion(Generador):
    def __init__(self, funcion):
        self.funcion = funcion

    def draw(self, fuente):
        return self.funcion(fuente)


def composite(funcion):
    """A generator from a function of a Fuente: draw with `f.draw(gen)` inside."""
    return _Funcion(funcion)


def just(valor):
    return _Funcion(lambda f: valor)


def values(*valores):
    """One of `valores`, the first being the simplest."""
    valores = tuple(valores)
    return _Funcion(lambda f: valores[f.choose(len(valores) - 1)])


def one_of(*generadores):
    """A value of one of the generators, the first being the simplest."""
    generadores = tuple(generadores)
    return _Funcion(lambda f: generadores[f.choose(len(generadores) - 1)].draw(f))


def weighted(*pares):
    """One of the generators, drawn as often as its weight: weighted((5, a), (1, b)).
    The first is the simplest."""
    pares = tuple(pares)
    total = sum(peso for peso, _ in pares)

    def draw(f):
        n = f.choose(total - 1)
        for peso, generador in pares:
            if n < peso:
                return generador.draw(f)
            n -= peso
        raise AssertionError("unreachable")

    return _Funcion(draw)


def integers(min_size, max_size):
    return _Funcion(lambda f: min_size + f.choose(max_size - min_size))


def booleans():
    return _Funcion(lambda f: bool(f.choose(1)))


def lists(generador, min_size=0, max_size=None, average=None):
    """A list of `min_size` to `max_size` values; random lists have about `average`
    more than the minimum (by default, half the Fuente's size)."""

    def draw(f):
        r = [f.draw(generador) for _ in range(min_size)]
        m = average if average is not None else max(1, f.tamano // 2)
        while (max_size is None or len(r) < max_size) and f.otro(m):
            r.append(f.draw(generador))
        return r

    return _Funcion(draw)


def texts(caracteres, min_size=0, max_size=None, average=None):
    """A str made of what `caracteres` (a generator of short strs) draws."""
    return lists(caracteres, min_size, max_size, average).map("".join)


def tuples(*generadores):
    return _Funcion(lambda f: tuple(g.draw(f) for g in generadores))


def dicts(claves, valores, min_size=0, max_size=None, average=None):
    """A dict; repeated keys collapse, so it may have fewer items than drawn."""
    pares = lists(tuples(claves, valores), min_size, max_size, average)
    return pares.map(dict)


def fixed_dicts(**campos):
    """A dict with exactly these keys, each drawn from its generator, in this order."""
    return _Funcion(lambda f: {k: g.draw(f) for k, g in campos.items()})


def reordered(generador):
    """The dict the generator draws, with its keys in a drawn order (the drawn order
    shrinks to the original one): code that relies on a dict's order is caught."""

    def draw(f):
        d = generador.draw(f)
        claves = list(d)
        orden = []
        while claves:
            orden.append(claves.pop(f.choose(len(claves) - 1)))
        return {k: d[k] for k in orden}

    return _Funcion(draw)


def maybe(generator, none=None):
    """`none` (the simplest) or a value of the generator."""
    return one_of(just(none), generator)


# -- a few value families that most challenges need --------------------------------------

LETTERS = values("a", "b", "x", " ", "ñ", "Z", "\n", "é", "0", "_", "·", "ü")


def words(max_size=8):
    """Short strings, the empty one first, with spaces, accents and newlines."""
    return texts(LETTERS, max_size=max_size)


def long_texts(max_size=6000):
    """Strings of up to `max_size` characters (lines, spaces), for code that cuts long text."""
    tipicos = sorted({n for n in (100, 300, 999, 1000, 1001, 2000, 4096, 5000) if n < max_size}
                     | {max_size})
    largo = one_of(values(*tipicos), integers(0, max_size))
    # Words of the course's language, read at draw time: a failing case of an English
    # course showed «línea 3, línea 3, …».
    return largo.map(lambda n: (_("line %d, ") % n * (n // 9 + 1))[:n])


def scalars():
    """Plain values of every JSON type but containers, and then some: None, bools,
    ints, floats, strs, long strs."""
    return one_of(words(), integers(-3, 40), just(None), booleans(),
                  values(0.5, -1.0, 1e9, 0.0), values("", " ", "  x  "), long_texts())


def json(depth=2):
    """Any JSON-like value: scalars, lists and dicts of str keys, nested."""
    if depth <= 0:
        return scalars()
    dentro = json(depth - 1)
    return one_of(scalars(), lists(dentro, max_size=4, average=2),
                  dicts(words(4), dentro, max_size=4, average=2))


# -- running cases ------------------------------------------------------------------------

def example(generator, seed=0, size=6):
    """One random value (for authors trying a domain out)."""
    return generator.draw(Fuente(azar=random.Random(seed), tamano=size))


def casos(generador, *, semilla, aleatorios, tamanos=(0, 1, 2, 4, 6, 8, 12), bordes=()):
    """The cases of a grading, in order, as (choices, value): first the
    simplest (all choices 0), then `bordes` (choice lists an author wants
    first), then `aleatorios` random cases from seed `semilla`, their size
    growing through `tamanos`: small to large, the same every time."""
    vistos = set()

    def uno(fuente):
        valor = generador.draw(fuente)
        clave = tuple(fuente.elecciones)
        if clave in vistos:
            return None
        vistos.add(clave)
        return clave, valor

    for prefijo in ((),) + tuple(bordes):
        try:
            hecho = uno(Fuente(prefijo))
        except Agotado:
            continue
        if hecho is not None:
            yield hecho
    azar = random.Random(semilla)
    for i in range(aleatorios):
        tamano = tamanos[min(len(tamanos) - 1, i * len(tamanos) // max(1, aleatorios))]
        try:
            hecho = uno(Fuente(azar=azar, tamano=tamano))
        except Agotado:
            continue
        if hecho is not None:
            yield hecho


def sample(generador, n=12, semilla=0):
    """Up to `n` values as the grader draws them with seed `semilla`: the simplest first,
    then random ones of growing size, each once (what `grade --domain` shows)."""
    vistos, r = set(), []
    for otra in range(4):  # a small domain repeats itself: more seeds, up to n different
        for elecciones, valor in casos(generador, semilla=semilla + otra, aleatorios=max(0, n - 1)):
            try:
                clave = repr(valor)
            except Exception:
                clave = elecciones
            if clave not in vistos and len(r) < n:
                vistos.add(clave)
                r.append(valor)
    return r


def replay(generador, elecciones, tramos=None):
    """The value that `elecciones` draws, and the choices it actually used; None if
    they run out. `tramos`, a list, gets the spans of its draws (Fuente.tramos)."""
    fuente = Fuente(elecciones)
    try:
        valor = generador.draw(fuente)
    except Agotado:
        return None
    if tramos is not None:
        tramos.extend(fuente.tramos)
    return tuple(fuente.elecciones), valor


def encoge(generador, elecciones, falla, *, intentos=300, hasta=None, reloj=None):
    """The simplest choices that still `falla(value)`, starting from `elecciones`
    (which do). It deletes runs of choices, zeroes them and lowers each one, over
    and over, until nothing helps, `intentos` tries are spent or `reloj()` passes
    `hasta`. Returns (choices, value)."""
    tramos = []  # the spans of the draws of `mejor`, kept with it (Fuente.tramos)
    mejor = replay(generador, elecciones, tramos)
    if mejor is None:
        raise ValueError("encoge: these choices do not draw a case")
    cuenta = [0]

    def queda():
        return cuenta[0] < intentos and (hasta is None or reloj() < hasta)

    # Choices tried already: the passes below come back to the same candidates after each
    # improvement, and a case is a function of its choices, so a candidate that did not fail
    # once never will. Trying it again would spend a try, and a run of both functions.
    vistas = set()

    def prueba(candidata):
        nonlocal mejor
        if not queda():
            return False
        candidata = tuple(candidata)
        if candidata in vistas or _menor(candidata, mejor[0]) is False:
            return False
        vistas.add(candidata)
        suyos = []
        hecho = replay(generador, candidata, suyos)
        if hecho is None or not _menor(hecho[0], mejor[0]):
            return False
        if hecho[0] != candidata:
            if hecho[0] in vistas:
                return False
            vistas.add(hecho[0])
        cuenta[0] += 1
        if falla(hecho[1]):
            mejor = hecho
            tramos[:] = suyos
            return True
        return False

    mejorado = True
    while mejorado and queda():
        mejorado = False
        # Whole draws first, the longest first: an element of a list with the choice before
        # it that asked for one more, or a composite's value. A run of 8 or fewer choices
        # cannot take out a turn of a conversation from its middle, which is what leaves
        # the one that fails alone.
        quitado = True
        while quitado and queda():
            quitado = False
            for a, b in sorted(set(tramos), key=lambda t: (t[0] - t[1], t[0])):
                e = mejor[0]
                if (a > 0 and prueba(e[:a - 1] + e[b:])) or prueba(e[:a] + e[b:]):
                    mejorado = quitado = True
                    break
        for k in (8, 4, 2, 1):
            i = 0
            while i + k <= len(mejor[0]) and queda():
                e = mejor[0]
                if prueba(e[:i] + e[i + k:]):
                    mejorado = True
                else:
                    i += 1
        for k in (8, 4, 2, 1):
            i = 0
            while i + k <= len(mejor[0]) and queda():
                e = mejor[0]
                if any(e[i:i + k]) and prueba(e[:i] + (0,) * k + e[i + k:]):
                    mejorado = True
                i += 1
        i = 0
        while i < len(mejor[0]) and queda():
            e = mejor[0]
            if e[i] > 0:
                antes = e[i]
                bajo, alto = 0, e[i]  # the smallest value that still fails, by bisection
                while bajo < alto and queda():
                    medio = (bajo + alto) // 2
                    e = mejor[0]
                    if prueba(e[:i] + (medio,) + e[i + 1:]):
                        alto = medio
                        mejorado = True
                    else:
                        bajo = medio + 1
                e = mejor[0]
                if i < len(e) and e[i] == antes and 1 < antes <= 8:
                    # A small choice picks among options (one_of, values) that need not fail
                    # in order, which bisection assumes: each lower one is tried as well.
                    for menor in range(1, antes):
                        if not queda():
                            break
                        if prueba(e[:i] + (menor,) + e[i + 1:]):
                            mejorado = True
                            break
            i += 1
    return mejor


def _menor(a, b):
    """Shortlex order: fewer choices first, then smaller ones. None if equal."""
    if a == b:
        return None
    return (len(a), a) < (len(b), b)


# -- domains drawn from what a statement's words allow ------------------------------------
#
# A statement that says «un texto» allows every text, not the few an author thought of; a
# solution that differs from the contract only on a blank one, or on one with an emoji, is
# still wrong. These strategies draw from the whole of such a domain, and draw its edges
# first and often: each is built so that its simplest choices (0, 1, 2...) are edges, and a
# random case's choices stay mostly small (Fuente.choose), so the edges are what most cases
# meet, while the rest of the domain is still reached now and then.

# Texts that break code written for the texts an author pictures: empty, blank, surrounded
# by whitespace, with every kind of line end, accents, combining marks, emoji, right to left.
EDGE_TEXTS = ("", " ", "a", "\n", "  a  ", "\t", "\r\n", "ñ", "🙂", "e\u0301", "שלום", "a\n",
              "  ", "a b", "\na\n", "A", "a\r\nb", "\u00a0", "0", "\u200b", "Ñandú", "👩‍👩‍👧",
              "'\"", "\\", "{}", "%s", "a\tb", "\x0b\x0c", "\u2028", "ﬁ", "İ", "ß")

# The characters a drawn text is made of, the plainest first.
EDGE_CHARS = ("a", " ", "\n", "b", "ñ", "\t", "é", "\r", "🙂", "ש", "\u0301", "Z", "0", "ü", "_",
              "-", ".", ",", "\u00a0", "\u200b", "'", '"', "\\", "{", "%", "€", "中",
              "\u2028", "\x1b", "İ", "ß")


def _alfabeto(alphabet):
    """(a generator of one-character strs, the set of allowed characters or None)."""
    if alphabet is None:
        return values(*EDGE_CHARS), None
    if isinstance(alphabet, str):
        if not alphabet:
            raise ValueError("text: alphabet is empty")
        unicos = tuple(dict.fromkeys(alphabet))
        return values(*unicos), frozenset(unicos)
    if isinstance(alphabet, Generador):
        return alphabet, False  # what it draws is not known ahead: no fixed edges
    raise TypeError("text: alphabet must be a str of characters or a generator of strs, not %r"
                    % (alphabet,))


def text(alphabet=None, min_size=0, max_size=None):
    """Any text from `min_size` to `max_size` characters (of `alphabet`, a str of characters or
    a generator of short strs, when given): the empty one first, then blank ones, whitespace
    and line ends around words (\\n, \\r\\n, \\t), accents, ñ, combining marks, emoji, right to
    left text, and now and then a long one (thousands of characters)."""
    if min_size < 0 or (max_size is not None and max_size < min_size):
        raise ValueError("text: min_size=%r, max_size=%r is no size" % (min_size, max_size))
    caracteres, permitidos = _alfabeto(alphabet)

    def cabe(s):
        return (min_size <= len(s) and (max_size is None or len(s) <= max_size)
                and (permitidos is None or (permitidos is not False and set(s) <= permitidos)))

    bordes = tuple(s for s in EDGE_TEXTS if cabe(s))
    if permitidos:  # an alphabet's own edges: each character alone, and repeated
        bordes += tuple(s for c in sorted(permitidos, key=alphabet.index)
                        for s in (c, c * 2) if cabe(s) and s not in bordes)
    compuesto = lists(caracteres, min_size, max_size).map("".join)
    opciones = []
    if bordes:
        opciones.append((3, values(*bordes)))
    opciones.append((4, compuesto))
    if permitidos is None:  # whitespace and line ends around any text
        blancos = values("", "\n", " ", "\t", "\r\n", "  ", " \n ")
        rodeado = tuples(blancos, compuesto, blancos).map("".join).map(
            lambda s: s if max_size is None else s[:max_size])
        opciones.append((1, _Funcion(lambda f: _rellena(rodeado.draw(f), caracteres, min_size, f))))
    tope = 20000 if max_size is None else max_size
    if tope > 100:
        pieza = lists(caracteres, 1, 40, average=8).map("".join)

        def largo(f):
            # The length is one choice, drawn large and shrunk by bisection to the shortest
            # that still fails.
            n = min_size + f.choose(tope - min_size, uniform=True)
            p = f.draw(pieza)
            return (p * (n // len(p) + 1))[:n]

        opciones.append((1, _Funcion(largo)))
    return weighted(*opciones)


def _rellena(s, caracteres, min_size, f):
    while len(s) < min_size:
        s += caracteres.draw(f)
    return s


_GRANDES = (10, 100, 255, 256, 1000, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 1, 2 ** 63, 10 ** 20, 10 ** 100)


def _enteros_con_bordes(min_value, max_value):
    def dentro(n):
        return (min_value is None or n >= min_value) and (max_value is None or n <= max_value)

    # An edge is a size, then a sign: shrinking lowers the size whatever the sign that fails.
    tamanos = [m for m in (0, 1, 2, 3) + _GRANDES if dentro(m) or dentro(-m)]
    for extremo in (min_value, max_value):  # a bound is an edge too (the simplest when 0 is out)
        if extremo is not None and abs(extremo) not in tamanos:
            tamanos.insert(0 if not dentro(0) else len(tamanos), abs(extremo))

    def borde(f):
        m = tamanos[f.choose(len(tamanos) - 1)]
        if not dentro(m):
            return -m
        if m and dentro(-m) and f.choose(1):
            return -m
        return m

    bajo = min_value if min_value is not None else (max_value - 1000 if max_value is not None
                                                    and max_value < -1000 else -1000)
    alto = max_value if max_value is not None else max(bajo + 2000, 1000)
    opciones = [(4, _Funcion(borde))] if tamanos else []
    opciones.append((3, _Funcion(lambda f: _cerca(bajo, alto, f))))
    ancho_bajo = min_value if min_value is not None else -(10 ** 30)
    ancho_alto = max_value if max_value is not None else 10 ** 30
    opciones.append((1, _Funcion(lambda f: _cerca(ancho_bajo, ancho_alto, f))))
    return weighted(*opciones)


def _cerca(bajo, alto, f):
    """An int in [bajo, alto], simplest the closest to 0 (or to the nearer end when 0 is out)."""
    if bajo <= 0 <= alto:
        negativo = bajo < 0 and (alto == 0 or f.choose(1))
        n = f.choose(-bajo if negativo else alto)
        return -n if negativo else n
    if bajo > 0:
        return bajo + f.choose(alto - bajo)
    return alto - f.choose(alto - bajo)


def integers(min_size=None, max_size=None):
    """An int from `min_size` to `max_size`. With both bounds, every int of the range, the
    low end the simplest (as grading has always drawn it). With a bound left None, an int
    with its edges first and often: 0, 1, -1 (negatives only where the bound allows them),
    the bound itself, and now and then large ones (2**31, 2**63, 10**20...)."""
    if min_size is not None and max_size is not None:
        return _Funcion(lambda f: min_size + f.choose(max_size - min_size))
    return _enteros_con_bordes(min_size, max_size)


def counts(max_value=None):
    """A count (an int ≥ 0): 0 first, then 1, 2, and now and then a large one; at most
    `max_value` when given."""
    return _enteros_con_bordes(0, max_value)


# Sizes of the edge floats; each is drawn with a sign (so -0.0, -inf, -1.0 are edges too).
_FLOTANTES = (0.0, float("nan"), float("inf"), 1.0, 0.5, 0.1, 1e-300, 5e-324, 1e300,
              1.7976931348623157e308, 2.0 ** 53, 1e16, 3.14159)


def floats(allow_nan=True, allow_infinity=True):
    """A float: 0.0, -0.0, nan, inf, -inf, 1.0, -1.0, 0.5, tiny and huge ones first, then
    quotients of small ints and, now and then, any bit pattern's float."""
    import math
    import struct

    def vale(x):
        return (allow_nan or not math.isnan(x)) and (allow_infinity or not math.isinf(x))

    tamanos = tuple(x for x in _FLOTANTES if vale(x))

    def borde(f):
        x = tamanos[f.choose(len(tamanos) - 1)]
        return x if math.isnan(x) or not f.choose(1) else -x

    bordes = _Funcion(borde)
    cociente = tuples(integers(-1000, 1000), integers(1, 1000)).map(lambda p: p[0] / p[1])

    def bits(f):
        x = struct.unpack("<d", f.choose(2 ** 64 - 1).to_bytes(8, "little"))[0]
        return x if vale(x) else 0.0

    return weighted((6, bordes), (3, cociente), (1, _Funcion(bits)))


def binary(min_size=0, max_size=None):
    """Bytes: b"" first, NUL, bytes that are not UTF-8, line ends, then any bytes."""
    bordes = tuple(b for b in (b"", b"\x00", b"a", b"\xff", b"\r\n", "ñ".encode(), b"\xc3",
                               b"\x80", b"\xef\xbb\xbfa", b"a\x00b", bytes(range(256)))
                   if len(b) >= min_size and (max_size is None or len(b) <= max_size))
    byte = one_of(values(97, 0, 10, 255, 128, 32, 13), integers(0, 255))
    cualquiera = lists(byte, min_size, max_size).map(bytes)
    return weighted((2, values(*bordes)), (3, cualquiera)) if bordes else cualquiera


# -- exceptions ------------------------------------------------------------------------------

def _construibles():
    import builtins

    clases = []
    for nombre in sorted(vars(builtins)):
        c = getattr(builtins, nombre)
        if isinstance(c, type) and issubclass(c, BaseException) and not issubclass(c, Warning):
            try:
                c()
            except Exception:
                continue  # UnicodeDecodeError and the groups need particular arguments
            clases.append(c)
    # The ones code usually meets first; what is not an Exception (KeyboardInterrupt, SystemExit)
    # last, for statements that say «cualquier excepción».
    primero = (Exception, ValueError, KeyError, TypeError, RuntimeError, OSError,
               FileNotFoundError, ZeroDivisionError, IndexError, AttributeError)
    resto = [c for c in clases if c not in primero]
    resto.sort(key=lambda c: (not issubclass(c, Exception), c.__name__))
    return primero + tuple(resto)


class _Mezcla:
    """A plain class an exception class may inherit from as well (a library's mixin)."""

    codigo = "E42"


def _cuerpo(f, base):
    """The methods of a class made on the fly: plain, or with a __str__/__repr__ that says
    something else, returns what is not text, or raises."""
    mensaje = f.draw(values(_("a message of its own"), "", _("line 1\nline 2"), "ñandú 🙂"))
    forma = f.choose(10)
    if forma == 0:
        return {}
    if forma == 1:
        return {"__str__": lambda self: mensaje}
    if forma == 2:
        def __str__(self):
            raise RuntimeError("this error cannot be read")
        return {"__str__": __str__}
    if forma == 3:
        return {"__str__": lambda self: 5}
    if forma == 4:
        def __repr__(self):
            raise ValueError("this error cannot be shown")
        return {"__repr__": __repr__}
    if forma == 5:
        return {"__repr__": lambda self: None}
    if forma == 6:
        return {"__bool__": lambda self: False}
    if forma == 7:
        def __init__(self, *args):
            base.__init__(self, *args)
            self.add_note("note: it was tried twice")
        return {"__init__": __init__}
    if forma == 8:
        def __eq__(self, other):
            raise TypeError("these errors do not compare")
        return {"__eq__": __eq__, "__hash__": lambda self: 1}
    if forma == 9:
        # Not a __format__ that differs from __str__: f"{e}" is how learners write str(e), and a
        # statement that says str(e) does not mean to reject it (differential.ErrorConFormato is
        # there for a lesson that does).
        return {}
    return {"message": mensaje}


def _subclase(f, base):
    nombre = f.draw(values("ErrorPropio", "Fallo", "ErrorDeLaHerramienta", "ÉrrorÑ", "E",
                           "ValueError"))
    cuerpo = _cuerpo(f, base)
    cuerpo["__module__"] = f.draw(values("herramienta", "__main__", "builtins", "a.b.c"))
    forma = f.choose(2)
    bases = (base,) if forma == 0 else (_Mezcla, base) if forma == 1 else (base, ValueError)
    try:
        clase = type(nombre, bases, cuerpo)
    except TypeError:  # two builtin exceptions whose layouts do not mix (OSError, KeyError)
        clase = type(nombre, (_Mezcla, base), cuerpo)
    if f.choose(1):
        clase.__qualname__ = "Herramienta." + nombre
    return clase


def _argumentos():
    return weighted(
        (2, just(())),
        (4, tuples(text(max_size=60))),
        (1, tuples(text(max_size=20), text(max_size=20))),
        (1, tuples(one_of(integers(), just(None), values(["a"], {"ruta": "x"}, b"bytes", 2.5)))),
        (1, lists(one_of(text(max_size=10), integers()), 3, 5).map(tuple)),
        (1, tuples(just(2), text(max_size=20), text(max_size=20))))  # OSError(errno, strerror, filename)


def exception_classes():
    """Every built-in exception class a tool can raise with any arguments, the common ones
    first (what exceptions() draws from): for edges that try each class once, since a few
    hundred draws leave some of sixty classes out."""
    return _construibles()


def exceptions(*classes, exclude=()):
    """An exception object of one of `classes` (by default, of any built-in exception class
    that takes any arguments, the common ones first; none that is a subclass of one in
    `exclude`, for a statement that rules some out), or of a subclass made on the fly: with
    its own __str__ or __repr__ (that says something else, gives what is not text, or raises),
    false as a truth value, with a note, with a mixin or a second base, a nested
    __qualname__. Its args: none, a text (any, as text() draws it), several, not a str."""
    clases = tuple(classes) or _construibles()
    for c in clases + tuple(exclude):
        if not (isinstance(c, type) and issubclass(c, BaseException)):
            raise TypeError("exceptions: %r is not an exception class" % (c,))
    clases = tuple(c for c in clases if not issubclass(c, tuple(exclude)))
    if not clases:
        raise ValueError("exceptions: exclude=%r leaves no class" % (tuple(exclude),))
    argumentos = _argumentos()

    def draw(f):
        base = clases[f.choose(len(clases) - 1)]
        clase = base if f.choose(2) < 2 else _subclase(f, base)
        args = f.draw(argumentos)
        try:
            return clase(*args)
        except Exception:  # a class that wants particular arguments: as it comes
            return clase()

    return _Funcion(draw)


# -- any value ---------------------------------------------------------------------------

class _SiempreIgual:
    """Equal to everything."""

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__

    def __repr__(self):
        return "SiempreIgual()"


class _NuncaIgual:
    """Not even equal to itself (as nan)."""

    def __eq__(self, other):
        return False

    __hash__ = object.__hash__

    def __repr__(self):
        return "NuncaIgual()"


class _ComparaMal:
    """Its == raises."""

    def __eq__(self, other):
        raise TypeError("cannot compare")

    __hash__ = object.__hash__

    def __repr__(self):
        return "ComparaMal()"


class _SinHash:
    __hash__ = None

    def __repr__(self):
        return "SinHash()"


class _HashQueFalla:
    def __hash__(self):
        raise RuntimeError("no hash")

    def __repr__(self):
        return "HashQueFalla()"


class _ReprQueFalla:
    def __repr__(self):
        raise RuntimeError("no repr")


class _ReprLargo:
    def __repr__(self):
        return "R" * 100000


class _Falso:
    def __bool__(self):
        return False

    def __len__(self):
        return 3

    def __repr__(self):
        return "Falso()"


_RAROS = (_SinHash, _ComparaMal, _SiempreIgual, _HashQueFalla, _NuncaIgual, _ReprQueFalla,
          _Falso, _ReprLargo, object)


def _rara(f):
    return _RAROS[f.choose(len(_RAROS) - 1)]()


def _invocable(f):
    forma = f.choose(4)
    if forma == 0:
        return len
    if forma == 1:
        return lambda *a, **k: None
    if forma == 2:
        def falla(*a, **k):
            raise RuntimeError("a callable that fails")
        return falla
    if forma == 3:
        return dict
    return _Mezcla


def _hashables():
    return one_of(just(None), booleans(), integers(), text(max_size=12), floats(allow_nan=False),
                  binary(max_size=4))


def anything(depth=2):
    """Any value, for a statement that says «cualquier valor»: None first, bools, ints and
    floats with their edges (nan, inf, -0.0), any text, bytes, lists, tuples, dicts, sets and
    frozensets (nested up to `depth`), objects with an odd ==, hash or repr, callables,
    exceptions."""
    escalar = weighted((2, just(None)), (2, booleans()), (3, integers()), (3, floats()),
                       (3, text()), (4, _Funcion(_rara)), (2, binary()),
                       (1, _Funcion(_invocable)), (1, exceptions()))
    if depth <= 0:
        return escalar
    dentro = anything(depth - 1)
    hashable = _hashables()
    return weighted(
        (6, escalar),
        (2, lists(dentro, max_size=5, average=2)),
        (1, lists(dentro, max_size=4, average=2).map(tuple)),
        (2, dicts(one_of(text(max_size=10), hashable), dentro, max_size=4, average=2)),
        (1, lists(hashable, max_size=4, average=2).map(set)),
        (1, lists(hashable, max_size=4, average=2).map(frozenset)))


# -- a strategy from a type hint -----------------------------------------------------------

class Stub:
    """A callable that records its calls (`calls`: a list of (args, kwargs)) and returns
    `value` each time: what from_type draws for a Callable."""

    def __init__(self, value=None):
        self.value = value
        self.calls = []

    def __call__(self, *args, **kwargs):
        self.calls.append((args, kwargs))
        return self.value

    def __repr__(self):
        return "Stub(returns=%r)" % (self.value,)


_DE_TIPO = ("text()", "integers()", "counts()", "floats()", "booleans()", "binary()",
            "exceptions()", "anything()", "lists()", "values()", "one_of()", "composite()")


def from_type(annotation):
    """A strategy for the values a type hint allows: int, float, bool, str, bytes, None,
    list[T], tuple[T, ...], tuple[A, B], dict[K, V], set[T], frozenset[T], T | None,
    Optional[T], Union[...], Literal[...], Annotated[T, ...], Any, object, a TypedDict, a
    dataclass, Callable[..., R] (a Stub that records its calls and returns an R), a
    BaseException subclass (exceptions()). In a union, None is the simplest. Another type is a
    TypeError that names it and the strategies to build its domain with instead."""
    import collections.abc
    import dataclasses
    import types as tipos
    import typing

    t = annotation
    if t is typing.Any or t is object:
        return anything()
    if t is None or t is type(None):
        return just(None)
    if t is bool:
        return booleans()
    if t is int:
        return integers()
    if t is float:
        return floats()
    if t is str:
        return text()
    if t is bytes:
        return binary()
    origen, args = typing.get_origin(t), typing.get_args(t)
    if origen is typing.Annotated:
        return from_type(args[0])
    if origen is typing.Literal:
        return values(*args)
    if origen is typing.Union or origen is tipos.UnionType:
        orden = sorted(args, key=lambda a: a is not type(None))  # None, if allowed, first
        return one_of(*(from_type(a) for a in orden))
    if t in (list, tuple, set, frozenset, dict) or origen in (list, tuple, set, frozenset, dict):
        base = origen or t
        if base is dict:
            clave, valor = args or (typing.Any, typing.Any)
            return dicts(from_type(clave), from_type(valor), max_size=6, average=2)
        if base is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if args == ((),):
                return just(())
            return tuples(*(from_type(a) for a in args))
        elemento = from_type(args[0] if args else typing.Any)
        dentro = lists(elemento, max_size=8, average=3)
        return dentro if base is list else dentro.map(base)
    if origen is collections.abc.Callable or t is collections.abc.Callable or t is typing.Callable:
        devuelto = args[1] if len(args) == 2 else typing.Any
        return from_type(devuelto).map(Stub)
    if isinstance(t, type) and typing.is_typeddict(t):
        pistas = typing.get_type_hints(t)
        opcionales = getattr(t, "__optional_keys__", frozenset())

        def draw(f):
            d = {}
            for k, pista in pistas.items():
                if k in opcionales and not f.choose(1):
                    continue  # an optional key, absent (the simplest)
                d[k] = from_type(pista).draw(f)
            return d

        return _Funcion(draw)
    if isinstance(t, type) and dataclasses.is_dataclass(t):
        pistas = typing.get_type_hints(t)
        campos = fixed_dicts(**{c.name: from_type(pistas[c.name]) for c in dataclasses.fields(t)
                                if c.init})
        return campos.map(lambda kw: t(**kw))
    if isinstance(t, type) and issubclass(t, BaseException):
        return exceptions(t)
    raise TypeError("from_type: no strategy for %r; build its domain with %s (from "
                    "lessonrt.grading.generators)" % (t, ", ".join(_DE_TIPO)))
