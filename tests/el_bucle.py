"""«El bucle»'s challenge as the tests reach it: loaded through the grader's
registry, as the page and the command line load it, never imported by a path
of its own (two copies of the checks would be two different modules)."""

from pathlib import Path

from lessonrt.grading import registry

RAIZ = Path(__file__).resolve().parent.parent
LECCION = RAIZ / "web" / "courses" / "llm-agents" / "el-bucle"
CORPUS = LECCION / "corpus"
DESAFIO = registry.desafio("llm-agents/el-bucle")
COMPROBACIONES = DESAFIO.comprobaciones
B = DESAFIO.modulo                                             # the checks: the contract
