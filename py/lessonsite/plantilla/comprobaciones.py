"""The challenge's checks: the learner's suma_pares against the reference below, over lists
the engine draws (lessonrt.grading.diferencial): the same value, the list left as it was."""

from lessonrt.grading import Prueba as PruebaBase
from lessonrt.grading import comprobacion
from lessonrt.grading import diferencial as D
from lessonrt.grading import generadores as G

FIRMA = "suma_pares(numeros)"
FICHEROS = ()


def referencia(numeros):
    """The contract: what the learner's function must do."""
    return sum(n for n in numeros if n % 2 == 0)


class Prueba(PruebaBase):
    """Each check's namespace gets the reference, as the course files' would be."""

    def curso_nuevo(self):
        cur = super().curso_nuevo()
        cur["suma_pares"] = referencia
        return cur


CONTRATO = D.Diferencial(
    referencia="suma_pares", argumentos=("numeros",),
    caso=G.listas(G.enteros(-9, 9), maximo=8).mapea(lambda ns: D.Caso([(ns,)])),
    describe=lambda caso: "suma_pares(%r)" % (caso.llamadas[0][0],),
    aleatorios=200,
    bordes=[D.Caso([([],)]), D.Caso([([4],)]), D.Caso([([1, 2, 3, 4],)]), D.Caso([([-2, -3, 6],)])])


@comprobacion("contrato", "Cualquier lista de enteros")
def contrato(p):
    return CONTRATO.comprueba(p)
