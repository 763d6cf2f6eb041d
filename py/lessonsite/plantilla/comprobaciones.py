"""The challenge's checks: the learner's suma_pares against the reference below, over lists
the engine draws (lessonrt.grading.differential): the same value, the list left as it was."""

from lessonrt.grading import Prueba as PruebaBase
from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G

SIGNATURE = "suma_pares(numeros)"
FILES = ()


def referencia(numeros):
    """The contract: what the learner's function must do."""
    return sum(n for n in numeros if n % 2 == 0)


class Prueba(PruebaBase):
    """Each check's namespace gets the reference, as the course files' would be."""

    def curso_nuevo(self):
        cur = super().curso_nuevo()
        cur["suma_pares"] = referencia
        return cur


CONTRATO = D.Differential(
    reference="suma_pares", arguments=("numeros",),
    case=G.lists(G.integers(-9, 9), max_size=8).map(lambda ns: D.Case([(ns,)])),
    describe=lambda caso: "suma_pares(%r)" % (caso.llamadas[0][0],),
    random_cases=200,
    edges=[D.Case([([],)]), D.Case([([4],)]), D.Case([([1, 2, 3, 4],)]), D.Case([([-2, -3, 6],)])])


@check("contrato", "Cualquier lista de enteros")
def contrato(p):
    return CONTRATO.verify(p)
