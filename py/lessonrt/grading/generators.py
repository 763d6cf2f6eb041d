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

    def choose(self, n):
        """A whole number from 0 to n. Random ones stay mostly within the size."""
        azar = self.azar

        def aleatoria():
            if n > self.tamano and azar.random() < 0.8:
                return azar.randint(0, self.tamano)
            return azar.randint(0, n)

        return self._siguiente(n, aleatoria)

    def otro(self, average):
        """1 (one more element) or 0 (stop), with about `average` ones in a row."""
        azar = self.azar
        return self._siguiente(1, lambda: 1 if azar.random() * (average + 1) < average else 0)

    def draw(self, generador):
        return generador.draw(self)


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
        r = [generador.draw(f) for _ in range(min_size)]
        m = average if average is not None else max(1, f.tamano // 2)
        while (max_size is None or len(r) < max_size) and f.otro(m):
            r.append(generador.draw(f))
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
    return largo.map(lambda n: ("línea %d, " % n * (n // 9 + 1))[:n])


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


def replay(generador, elecciones):
    """The value that `elecciones` draws, and the choices it actually used; None if
    they run out."""
    fuente = Fuente(elecciones)
    try:
        valor = generador.draw(fuente)
    except Agotado:
        return None
    return tuple(fuente.elecciones), valor


def encoge(generador, elecciones, falla, *, intentos=300, hasta=None, reloj=None):
    """The simplest choices that still `falla(value)`, starting from `elecciones`
    (which do). It deletes runs of choices, zeroes them and lowers each one, over
    and over, until nothing helps, `intentos` tries are spent or `reloj()` passes
    `hasta`. Returns (choices, value)."""
    mejor = replay(generador, elecciones)
    if mejor is None:
        raise ValueError("encoge: these choices do not draw a case")
    cuenta = [0]

    def queda():
        return cuenta[0] < intentos and (hasta is None or reloj() < hasta)

    def prueba(candidata):
        nonlocal mejor
        if not queda():
            return False
        candidata = tuple(candidata)
        if _menor(candidata, mejor[0]) is False:
            return False
        hecho = replay(generador, candidata)
        if hecho is None or not _menor(hecho[0], mejor[0]):
            return False
        cuenta[0] += 1
        if falla(hecho[1]):
            mejor = hecho
            return True
        return False

    mejorado = True
    while mejorado and queda():
        mejorado = False
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
                bajo, alto = 0, e[i]  # the smallest value that still fails, by bisection
                while bajo < alto and queda():
                    medio = (bajo + alto) // 2
                    e = mejor[0]
                    if prueba(e[:i] + (medio,) + e[i + 1:]):
                        alto = medio
                        mejorado = True
                    else:
                        bajo = medio + 1
            i += 1
    return mejor


def _menor(a, b):
    """Shortlex order: fewer choices first, then smaller ones. None if equal."""
    if a == b:
        return None
    return (len(a), a) < (len(b), b)
