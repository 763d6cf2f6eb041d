"""The challenge's checks: the learner's suma_pares against the reference below, over lists
the engine draws (lessonrt.grading.differential): the same value, the list left as it was."""

from lessonrt.grading import Probe as BaseProbe
from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G

SIGNATURE = "suma_pares(numeros)"
FILES = ()


def referencia(numeros):
    """The contract: what the learner's function must do."""
    return sum(n for n in numeros if n % 2 == 0)


class Probe(BaseProbe):
    """Each check's namespace gets the reference, as the course files' would be."""

    def fresh_course(self):
        course = super().fresh_course()
        course["suma_pares"] = referencia
        return course


CONTRATO = D.Differential(
    reference="suma_pares", arguments=("numeros",),
    case=G.lists(G.integers(-9, 9), max_size=8).map(lambda ns: D.Case([(ns,)])),
    describe=lambda case: "suma_pares(%r)" % (case.calls[0][0],),
    random_cases=200,
    edges=[D.Case([([],)]), D.Case([([4],)]), D.Case([([1, 2, 3, 4],)]), D.Case([([-2, -3, 6],)])])


@check("contrato", "Cualquier lista de enteros")
def contrato(p):
    return CONTRATO.verify(p)
