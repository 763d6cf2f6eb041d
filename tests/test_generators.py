"""The domain strategies of lessonrt.grading.generators: each draws its edges within a
grading's first cases, shrinks to its simplest value and is the same for the same seed;
from_type covers every type hint it names; `grade --domain` shows each dimension."""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from typing import Any, Callable, Literal, Optional, TypedDict, Union

import pytest

from lessonrt.grading import cli
from lessonrt.grading import generators as G
from lessonrt.grading import registry

FIRST = 150
"""Cases within which every edge must have come up: far fewer than a grading draws."""

SEEDS = (0, 1, 7)


def drawn(strategy, seed, n=FIRST):
    return [value for _choices, value in G.casos(strategy, semilla=seed, aleatorios=n)]


def simplest(strategy):
    return G.replay(strategy, (0,) * 400)[1]


def rtl(s):
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in s)


TEXT_EDGES = {
    "empty": lambda s: s == "",
    "blank": lambda s: s != "" and s.strip() == "",
    "surrounded by whitespace": lambda s: s.strip() != "" and s != s.strip(),
    "\\n": lambda s: "\n" in s,
    "\\r\\n": lambda s: "\r\n" in s,
    "\\t": lambda s: "\t" in s,
    "accent or ñ": lambda s: any(c in "ñéüÑ" for c in s),
    "emoji": lambda s: any(ord(c) > 0xFFFF for c in s),
    "combining mark": lambda s: any(unicodedata.combining(c) for c in s),
    "right to left": rtl,
    "long": lambda s: len(s) >= 1000,
}


@pytest.mark.parametrize("seed", SEEDS)
def test_text_draws_its_edges_first(seed):
    texts = drawn(G.text(), seed)
    assert all(isinstance(s, str) for s in texts)
    missing = [name for name, is_one in TEXT_EDGES.items() if not any(map(is_one, texts))]
    assert missing == []
    assert texts[0] == ""


def test_text_keeps_to_its_alphabet_and_sizes():
    for s in drawn(G.text(alphabet="ab ", min_size=1, max_size=5), 3):
        assert 1 <= len(s) <= 5 and set(s) <= set("ab ")
    assert " " in drawn(G.text(alphabet="ab ", min_size=1, max_size=5), 3)
    for s in drawn(G.text(min_size=2, max_size=3), 4):
        assert 2 <= len(s) <= 3
    lengths = [len(s) for s in drawn(G.text(max_size=3000), 5)]
    assert max(lengths) <= 3000 and any(n >= 1000 for n in lengths)
    with pytest.raises(ValueError):
        G.text(min_size=4, max_size=2)


@pytest.mark.parametrize("seed", SEEDS)
def test_counts_and_integers_draw_their_edges_first(seed):
    counts = drawn(G.counts(), seed)
    assert counts[0] == 0 and {0, 1} <= set(counts)
    assert min(counts) == 0 and max(counts) >= 2 ** 31
    ints = drawn(G.integers(), seed)
    assert ints[0] == 0 and {0, 1, -1} <= set(ints)
    assert max(ints) >= 2 ** 31 and min(ints) <= -(2 ** 31)
    assert min(drawn(G.integers(min_size=5), seed)) == 5
    assert set(drawn(G.integers(max_size=-3), seed)) >= {-3} and max(drawn(G.integers(max_size=-3), seed)) == -3
    assert max(drawn(G.counts(max_value=10), seed)) <= 10 and 10 in drawn(G.counts(max_value=10), seed)


def test_integers_with_both_bounds_draw_as_before():
    """Lessons' domains and their corpora's verdicts rest on these draws."""
    assert simplest(G.integers(-1000, 1000)) == -1000
    assert G.replay(G.integers(3, 9), (4,))[1] == 7
    assert drawn(G.integers(-2, 2), 0, 40) and set(drawn(G.integers(-2, 2), 0, 40)) <= {-2, -1, 0, 1, 2}


@pytest.mark.parametrize("seed", SEEDS)
def test_floats_and_bytes_draw_their_edges_first(seed):
    fs = drawn(G.floats(), seed)
    assert any(math.isnan(x) for x in fs) and float("inf") in fs and float("-inf") in fs
    assert any(x == 0 and math.copysign(1, x) < 0 for x in fs)
    assert all(not math.isnan(x) and not math.isinf(x) for x in drawn(G.floats(False, False), seed))
    bs = drawn(G.binary(), seed)
    assert b"" in bs and b"\x00" in bs and any(not _utf8(b) for b in bs)


def _utf8(b):
    try:
        b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _str_fails(e):
    try:
        str(e)
    except Exception:
        return True
    return False


def _repr_fails(e):
    try:
        r = repr(e)
    except Exception:
        return True
    return not isinstance(r, str)


EXCEPTION_EDGES = {
    "no args": lambda e: e.args == (),
    "empty message": lambda e: e.args == ("",),
    "a message that is not a str": lambda e: len(e.args) == 1 and not isinstance(e.args[0], str),
    "several args": lambda e: len(e.args) >= 2,
    "a class made on the fly": lambda e: type(e).__module__ != "builtins",
    "its own __str__": lambda e: "__str__" in vars(type(e)) and not _str_fails(e),
    "a __str__ that raises": _str_fails,
    "a __repr__ that misbehaves": _repr_fails,
    "two bases": lambda e: len(type(e).__bases__) == 2,
    "false as a truth value": lambda e: not e,
    "not an Exception": lambda e: not isinstance(e, Exception),
}


@pytest.mark.parametrize("seed", SEEDS)
def test_exceptions_draw_their_edges_first(seed):
    errors = drawn(G.exceptions(), seed, 400)
    assert all(isinstance(e, BaseException) for e in errors)
    missing = [name for name, is_one in EXCEPTION_EDGES.items() if not any(map(is_one, errors))]
    assert missing == []
    given = drawn(G.exceptions(KeyError, OSError), seed)
    assert all(isinstance(e, (KeyError, OSError)) for e in given)
    assert {KeyError, OSError} <= {type(e) for e in given}
    with pytest.raises(TypeError, match="not an exception class"):
        G.exceptions(int)
    # A statement that rules a class out («ni el modelo ni ejecutar lanzan StopIteration»):
    # neither it nor a subclass made on the fly of it.
    allowed = drawn(G.exceptions(exclude=(StopIteration, StopAsyncIteration)), seed, 400)
    assert not any(isinstance(e, (StopIteration, StopAsyncIteration)) for e in allowed)
    assert ValueError in {type(e) for e in allowed} and len({type(e) for e in allowed}) > 10
    with pytest.raises(ValueError, match="leaves no class"):
        G.exceptions(KeyError, exclude=(LookupError,))


def test_each_side_of_a_case_gets_its_own_copy_of_what_anything_draws():
    # Both sides of a case are built from one drawn value: a set or an object shared by
    # them would carry what one side did to it over to the other.
    from lessonrt.grading import differential as D

    for seed in SEEDS:
        for value in drawn(G.anything(), seed, 60):
            raros = [0]
            mine = D._propio(value, raros)
            if type(value) in (set, dict, list):
                assert mine is not value
            if type(value) is set:
                assert mine == value and raros[0] == 1
    odd = D._propio({"a": {1}, "b": [frozenset({2}), "x"]}, raros := [0])
    assert odd == {"a": {1}, "b": [frozenset({2}), "x"]} and raros[0] == 2
    # What the guard keeps of such a value on each side compares by what it is.
    uno, otro = D.Ajeno(("an object %(name)s", "set")), D.Ajeno(("an object %(name)s", "set"))
    assert uno != otro and D._comparable([uno, 1]) == D._comparable([otro, 1])
    assert D._comparable(uno) != D._comparable(D.Ajeno(("an object %(name)s", "frozenset")))


def _eq_raises(x):
    try:
        x == x  # noqa: B015
    except Exception:
        return True
    return False


def _within(value):
    """The value and every value inside it."""
    yield value
    if type(value) in (list, tuple, set, frozenset):
        for x in value:
            yield from _within(x)
    elif type(value) is dict:
        for k, x in value.items():
            yield from _within(k)
            yield from _within(x)


def _holds(is_one, value):
    try:
        return is_one(value)
    except Exception:  # an object whose == raises is not the kind asked about
        return False


ANYTHING_EDGES = {
    "None": lambda x: x is None,
    "bool": lambda x: x is True or x is False,
    "int": lambda x: type(x) is int,
    "nan": lambda x: type(x) is float and math.isnan(x),
    "inf": lambda x: x == float("inf"),
    "str": lambda x: type(x) is str,
    "bytes": lambda x: type(x) is bytes,
    "list": lambda x: type(x) is list,
    "nested": lambda x: type(x) in (list, dict) and any(type(v) in (list, dict, tuple, set)
                                                        for v in (x.values() if type(x) is dict else x)),
    "tuple": lambda x: type(x) is tuple,
    "dict": lambda x: type(x) is dict,
    "set": lambda x: type(x) in (set, frozenset),
    "an == that raises": _eq_raises,
    "unhashable object": lambda x: type(x).__hash__ is None and type(x) not in (list, dict, set),
    "callable": lambda x: callable(x),
    "exception": lambda x: isinstance(x, BaseException),
}


@pytest.mark.parametrize("seed", SEEDS)
def test_anything_draws_every_kind_of_value(seed):
    # More cases than the others: anything() has more kinds than a grading has cases, and a
    # case is drawn once, so each odd object comes up once at the top level of a seed.
    values = [x for v in drawn(G.anything(), seed, 1000) for x in _within(v)]
    missing = [name for name, is_one in ANYTHING_EDGES.items()
               if not any(_holds(is_one, v) for v in values)]
    assert missing == []


ALL = {"text": G.text(), "counts": G.counts(), "integers": G.integers(), "floats": G.floats(),
       "binary": G.binary(), "exceptions": G.exceptions(), "anything": G.anything()}


@pytest.mark.parametrize("name", list(ALL))
def test_each_strategy_is_the_same_for_the_same_seed(name):
    strategy = ALL[name]
    a = [choices for choices, _ in G.casos(strategy, semilla=5, aleatorios=60)]
    b = [choices for choices, _ in G.casos(strategy, semilla=5, aleatorios=60)]
    assert a == b
    assert [_shown(G.replay(strategy, c)[1]) for c in a] == [_shown(G.replay(strategy, c)[1]) for c in a]


def _shown(x):
    try:
        r = repr(x)
    except Exception:
        return "<%s>" % type(x).__name__
    return r if isinstance(r, str) and " at 0x" not in r else "<%s>" % type(x).__name__


def test_every_strategy_shrinks_to_its_simplest_value():
    assert simplest(G.text()) == ""
    assert simplest(G.text(alphabet="xy", min_size=2)) == "xx"
    assert simplest(G.counts()) == 0 and simplest(G.integers()) == 0
    assert simplest(G.integers(min_size=4)) == 4
    assert simplest(G.floats()) == 0.0 and simplest(G.binary()) == b""
    e = simplest(G.exceptions())
    assert type(e) is Exception and e.args == ()
    assert simplest(G.anything()) is None


def _shrink(strategy, fails, seed=0):
    first = next(c for c, v in G.casos(strategy, semilla=seed, aleatorios=FIRST) if fails(v))
    return G.encoge(strategy, first, fails)[1]


def test_shrinking_finds_the_simplest_value_that_still_fails():
    for seed in range(4):
        shrunk = _shrink(G.text(), lambda s: "\n" in s, seed)
        assert "\n" in shrunk and len(shrunk) <= 2
        assert _shrink(G.text(), lambda s: len(s) > 5, seed) == "aaaaaa"
        assert _shrink(G.text(), lambda s: len(s) > 300, seed) == "a" * 301
    for seed in range(4):
        assert _shrink(G.integers(), lambda n: n < 0, seed) == -1
        assert _shrink(G.counts(), lambda n: n >= 1000, seed) == 1000
        assert _shrink(G.integers(), lambda n: n > 2 ** 40, seed) == 2 ** 53 + 1
    e = _shrink(G.exceptions(), lambda e: isinstance(e, KeyError))
    assert type(e) is KeyError and e.args == ()
    assert _shrink(G.from_type(list[int]), lambda xs: len(xs) >= 2) == [0, 0]



def test_shrinking_never_tries_the_same_case_twice():
    """Each try runs the learner's function and the contract's: a case already found not to
    fail is not run again, and the tries saved go to simplifying further."""
    for seed in range(4):
        tried = []

        def fails(xs):
            tried.append(repr(xs))
            return len(xs) >= 3 and any(x > 5 for x in xs)

        first = next(c for c, v in G.casos(G.lists(G.integers(0, 40)), semilla=seed,
                                          aleatorios=FIRST) if len(v) >= 3 and any(x > 5 for x in v))
        shrunk = G.encoge(G.lists(G.integers(0, 40)), first, fails)[1]
        assert sorted(shrunk) == [0, 0, 6] and len(tried) == len(set(tried)), (seed, shrunk, len(tried))


class Pregunta(TypedDict):
    texto: str
    veces: int


class Opcional(TypedDict, total=False):
    nota: str


@dataclasses.dataclass
class Punto:
    x: int
    etiqueta: Optional[str]


def test_from_type_covers_every_form_it_names():
    def every(hint, ok, n=80):
        values = drawn(G.from_type(hint), 2, n)
        assert values and all(ok(v) for v in values), (hint, values[:5])
        return values

    assert set(every(bool, lambda v: type(v) is bool)) == {False, True}
    every(int, lambda v: type(v) is int)
    every(float, lambda v: type(v) is float)
    every(str, lambda v: type(v) is str)
    every(bytes, lambda v: type(v) is bytes)
    every(None, lambda v: v is None)
    every(type(None), lambda v: v is None)
    every(list[int], lambda v: type(v) is list and all(type(x) is int for x in v))
    every(tuple[int, ...], lambda v: type(v) is tuple and all(type(x) is int for x in v))
    every(tuple[int, str], lambda v: type(v) is tuple and len(v) == 2 and type(v[0]) is int
          and type(v[1]) is str)
    every(dict[str, int], lambda v: type(v) is dict and all(type(k) is str and type(x) is int
                                                            for k, x in v.items()))
    every(set[int], lambda v: type(v) is set and all(type(x) is int for x in v))
    every(frozenset[str], lambda v: type(v) is frozenset)
    for hint in (int | None, Optional[int]):
        assert simplest(G.from_type(hint)) is None
        kinds = {type(v) for v in every(hint, lambda v: v is None or type(v) is int)}
        assert kinds == {type(None), int}
    assert {type(v) for v in every(Union[int, str], lambda v: type(v) in (int, str))} == {int, str}
    assert set(every(Literal["leer", "escribir"], lambda v: v in ("leer", "escribir"))) == {
        "leer", "escribir"}
    assert simplest(G.from_type(Literal["leer", "escribir"])) == "leer"
    assert len({type(v) for v in every(Any, lambda v: True, 200)}) >= 8
    every(Pregunta, lambda v: type(v) is dict and set(v) == {"texto", "veces"}
          and type(v["texto"]) is str and type(v["veces"]) is int)
    assert {tuple(v) for v in every(Opcional, lambda v: set(v) <= {"nota"})} == {(), ("nota",)}
    every(Punto, lambda v: type(v) is Punto and type(v.x) is int
          and (v.etiqueta is None or type(v.etiqueta) is str))
    every(list[Punto], lambda v: all(type(p) is Punto for p in v))
    every(KeyError, lambda v: isinstance(v, KeyError))

    stub = simplest(G.from_type(Callable[[int], str]))
    assert stub(3) == "" and stub("x", k=1) == "" and stub.calls == [((3,), {}), (("x",), {"k": 1})]
    every(Callable[..., int], lambda v: callable(v) and type(v(1)) is int)


def test_from_type_of_an_unknown_type_names_it_and_what_to_use_instead():
    with pytest.raises(TypeError) as error:
        G.from_type(complex)
    message = str(error.value)
    assert "complex" in message and "text()" in message and "composite()" in message


CHECKS = '''from lessonrt.grading import check
from lessonrt.grading import generators as G

SIGNATURE = "f(x)"
DOMAIN = {"texto": G.text(), "veces": G.counts()}


@check("uno", "Uno")
def uno(p):
    return True, ""
'''


def test_grade_domain_prints_each_dimension(tmp_path, capsys):
    (tmp_path / "checks.py").write_text(CHECKS, encoding="utf-8")
    registry.carga("pruebas/dominio", str(tmp_path))
    lines = []
    assert cli.show_domain("pruebas/dominio", escribe=lambda s, error=False: lines.append(s)) == 0
    veces = lines.index("veces")
    assert lines[lines.index("texto") + 1] == "    ''" and lines[veces + 1] == "    0"
    assert len(lines[veces + 1:]) == 12


def test_grade_domain_of_a_lesson_shows_its_generators_and_its_contract(capsys):
    import build

    assert build.main(["grade", "--domain", "llm-agents/errores"]) == 0
    out = capsys.readouterr().out.splitlines()
    for dimension in ("RUTAS", "TEXTOS", "CONTRATO.case"):
        i = out.index(dimension)
        sample = out[i + 1:out.index("", i) if "" in out[i:] else None]
        assert sample and all(line.startswith("    ") and len(line) <= 4 + 72 for line in sample)
    assert out[out.index("CONTRATO.case") + 1].startswith("    ejecutar(bloque, entorno)")
    # The author's own edge cases, in full and numbered: each its call and what sets it apart.
    from lessonrt.grading import registry as R
    edges = R.desafio("llm-agents/errores").modulo.CONTRATO.bordes
    heading = next(line for line in out if line.startswith("CONTRATO.edges: "))
    assert heading == ("CONTRATO.edges: the %d edge cases its author wrote (edges=), run before the "
                       "drawn ones; the first 12" % len(edges))
    shown = out[out.index(heading) + 1:]
    assert [line.split(".")[0].strip() for line in shown if line[:5].strip().rstrip(".").isdigit()] == \
        [str(k) for k in range(1, 13)]
    assert shown[0].startswith("    1. ejecutar(bloque, entorno)")
    assert any("KeyError" in line for line in shown), "the first edges raise KeyError: the text says so"


def test_grade_without_a_file_or_a_domain_says_what_it_needs(capsys):
    import build

    with pytest.raises(SystemExit) as exit:
        build.main(["grade"])
    assert exit.value.code == 2
    assert "grade needs a FILE to grade, or --domain COURSE/LESSON" in capsys.readouterr().err


def test_encoge_quita_elementos_enteros_de_en_medio_de_una_lista():
    # Each element takes twelve choices: a run of eight or fewer cannot take one out whole,
    # but the span of its draw can, with the choice before it that asked for one more. Only
    # the element that fails is left, as simple as it gets.
    elemento = G.tuples(G.integers(0, 50), G.lists(G.integers(0, 9), 9, 9), G.integers(0, 5))
    lista = G.lists(elemento, 0, 10)
    elecciones = (1, 3, *[5] * 9, 2, 1, 4, *[2] * 9, 3, 1, 7, *[1] * 9, 4, 0)
    assert G.replay(lista, elecciones)[1] == [(3, [5] * 9, 2), (4, [2] * 9, 3), (7, [1] * 9, 4)]
    _, valor = G.encoge(lista, elecciones, lambda v: any(x[0] == 7 for x in v))
    assert valor == [(7, [0] * 9, 0)]
