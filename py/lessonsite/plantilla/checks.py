"""The challenge's checks: the learner's suma_pares against the course's (the course file
FILES names, which the page shows as the course's solution), over lists the engine draws
(lessonrt.grading.differential): the same value, the list left as it was."""

from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G

SIGNATURE = "suma_pares(numeros)"
# The course file that holds the reference, the function the page also shows as the course's
# solution: one copy of it, compared with and shown.
FILES = ("${solution}",)


CONTRATO = D.Differential(
    reference="suma_pares", arguments=("numeros",),
    case=G.lists(G.integers(-9, 9), max_size=8).map(lambda ns: D.Case([(ns,)])),
    describe=lambda case: "suma_pares(%r)" % (case.calls[0][0],),
    random_cases=200,
    edges=[D.Case([([],)]), D.Case([([4],)]), D.Case([([1, 2, 3, 4],)]), D.Case([([-2, -3, 6],)])])


@check("contrato", "Cualquier lista de enteros")
def contrato(p):
    return CONTRATO.verify(p)
