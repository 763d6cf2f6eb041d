"""Value generators for differential grading, with shrinking for free.

A generator draws a value from a Fuente, a stream of small integer choices.
Every value is a function of the choices made while drawing it, so a case is
its list of choices: replaying the list gives the same case, and a shorter
list, or one with smaller numbers, gives a simpler case. Shrinking works on
that list alone (`encoge`), whatever the generators are; no generator needs
its own shrinker. Choice 0 is always the simplest: the first option of
`uno_de`, the low end of `enteros`, the end of a list.

    from lessonrt.grading import generadores as G
    texto = G.textos(G.de("a", "b", " "), maximo=4)
    tope = G.enteros(0, 12)
    G.dibuja(G.listas(tope), semilla=1)

The grader runs in the page too (Pyodide), so this stays small and depends on
the standard library only.
"""

import random


class Agotado(Exception):
    """A replayed case ran past the choices it was given (or past the cap)."""


class Fuente:
    """Where choices come from: first `prefijo` (a replay), then, with `azar`
    (a random.Random), random choices sized by `tamano`; without it, zeros
    (the simplest rest). `maximo` caps how many choices one case may make."""

    def __init__(self, prefijo=(), azar=None, tamano=6, maximo=2000):
        self.prefijo = tuple(prefijo)
        self.azar = azar
        self.tamano = tamano
        self.maximo = maximo
        self.elecciones = []

    def _siguiente(self, n, aleatoria):
        i = len(self.elecciones)
        if i >= self.maximo:
            raise Agotado()
        if i < len(self.prefijo):
            v = min(self.prefijo[i], n)
        elif self.azar is None:
            v = 0
        else:
            v = aleatoria()
        self.elecciones.append(v)
        return v

    def elige(self, n):
        """A whole number from 0 to n. Random ones stay mostly within the size."""
        azar = self.azar

        def aleatoria():
            if n > self.tamano and azar.random() < 0.8:
                return azar.randint(0, self.tamano)
            return azar.randint(0, n)

        return self._siguiente(n, aleatoria)

    def otro(self, media):
        """1 (one more element) or 0 (stop), with about `media` ones in a row."""
        azar = self.azar
        return self._siguiente(1, lambda: 1 if azar.random() * (media + 1) < media else 0)

    def saca(self, generador):
        return generador.saca(self)


class Generador:
    """Something that draws one value from a Fuente."""

    def saca(self, fuente):
        raise NotImplementedError

    def mapea(self, funcion):
        return _Mapea(self, funcion)


class _Mapea(Generador):
    def __init__(self, base, funcion):
        self.base, self.funcion = base, funcion

    def saca(self, fuente):
        return self.funcion(self.base.saca(fuente))


class _Funcion(Generador):
    def __init__(self, funcion):
        self.funcion = funcion

    def saca(self, fuente):
        return self.funcion(fuente)


def compuesto(funcion):
    """A generator from a function of a Fuente: draw with `f.saca(gen)` inside."""
    return _Funcion(funcion)


def fijo(valor):
    return _Funcion(lambda f: valor)


def de(*valores):
    """One of `valores`, the first being the simplest."""
    valores = tuple(valores)
    return _Funcion(lambda f: valores[f.elige(len(valores) - 1)])


def uno_de(*generadores):
    """A value of one of the generators, the first being the simplest."""
    generadores = tuple(generadores)
    return _Funcion(lambda f: generadores[f.elige(len(generadores) - 1)].saca(f))


def frecuentes(*pares):
    """One of the generators, drawn as often as its weight: frecuentes((5, a), (1, b)).
    The first is the simplest."""
    pares = tuple(pares)
    total = sum(peso for peso, _ in pares)

    def saca(f):
        n = f.elige(total - 1)
        for peso, generador in pares:
            if n < peso:
                return generador.saca(f)
            n -= peso
        raise AssertionError("unreachable")

    return _Funcion(saca)


def enteros(minimo, maximo):
    return _Funcion(lambda f: minimo + f.elige(maximo - minimo))


def booleanos():
    return _Funcion(lambda f: bool(f.elige(1)))


def listas(generador, minimo=0, maximo=None, media=None):
    """A list of `minimo` to `maximo` values; random lists have about `media`
    more than the minimum (by default, half the Fuente's size)."""

    def saca(f):
        r = [generador.saca(f) for _ in range(minimo)]
        m = media if media is not None else max(1, f.tamano // 2)
        while (maximo is None or len(r) < maximo) and f.otro(m):
            r.append(generador.saca(f))
        return r

    return _Funcion(saca)


def textos(caracteres, minimo=0, maximo=None, media=None):
    """A str made of what `caracteres` (a generator of short strs) draws."""
    return listas(caracteres, minimo, maximo, media).mapea("".join)


def tuplas(*generadores):
    return _Funcion(lambda f: tuple(g.saca(f) for g in generadores))


def diccionarios(claves, valores, minimo=0, maximo=None, media=None):
    """A dict; repeated keys collapse, so it may have fewer items than drawn."""
    pares = listas(tuplas(claves, valores), minimo, maximo, media)
    return pares.mapea(dict)


def objetos(**campos):
    """A dict with exactly these keys, each drawn from its generator, in this order."""
    return _Funcion(lambda f: {k: g.saca(f) for k, g in campos.items()})


def reordena(generador):
    """The dict the generator draws, with its keys in a drawn order (the drawn order
    shrinks to the original one): code that relies on a dict's order is caught."""

    def saca(f):
        d = generador.saca(f)
        claves = list(d)
        orden = []
        while claves:
            orden.append(claves.pop(f.elige(len(claves) - 1)))
        return {k: d[k] for k in orden}

    return _Funcion(saca)


def quizas(generador, nada=None):
    """`nada` (the simplest) or a value of the generator."""
    return uno_de(fijo(nada), generador)


# -- a few value families that most challenges need --------------------------------------

LETRAS = de("a", "b", "x", " ", "ñ", "Z", "\n", "é", "0", "_", "·", "ü")


def palabras(maximo=8):
    """Short strings, the empty one first, with spaces, accents and newlines."""
    return textos(LETRAS, maximo=maximo)


def largos(maximo=6000):
    """Strings of up to `maximo` characters (lines, spaces), for code that cuts long text."""
    tipicos = sorted({n for n in (100, 300, 999, 1000, 1001, 2000, 4096, 5000) if n < maximo}
                     | {maximo})
    largo = uno_de(de(*tipicos), enteros(0, maximo))
    return largo.mapea(lambda n: ("línea %d, " % n * (n // 9 + 1))[:n])


def escalares():
    """Plain values of every JSON type but containers, and then some: None, bools,
    ints, floats, strs, long strs."""
    return uno_de(palabras(), enteros(-3, 40), fijo(None), booleanos(),
                  de(0.5, -1.0, 1e9, 0.0), de("", " ", "  x  "), largos())


def json(profundidad=2):
    """Any JSON-like value: scalars, lists and dicts of str keys, nested."""
    if profundidad <= 0:
        return escalares()
    dentro = json(profundidad - 1)
    return uno_de(escalares(), listas(dentro, maximo=4, media=2),
                  diccionarios(palabras(4), dentro, maximo=4, media=2))


# -- running cases ------------------------------------------------------------------------

def dibuja(generador, semilla=0, tamano=6):
    """One random value (for authors trying a domain out)."""
    return generador.saca(Fuente(azar=random.Random(semilla), tamano=tamano))


def casos(generador, *, semilla, aleatorios, tamanos=(0, 1, 2, 4, 6, 8, 12), bordes=()):
    """The cases of a grading, in order, as (choices, value): first the
    simplest (all choices 0), then `bordes` (choice lists an author wants
    first), then `aleatorios` random cases from seed `semilla`, their size
    growing through `tamanos`: small to large, the same every time."""
    vistos = set()

    def uno(fuente):
        valor = generador.saca(fuente)
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
        valor = generador.saca(fuente)
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
