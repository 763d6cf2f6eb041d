"""The course's solution, as the solution view shows it, pasted into the challenge in place of
the learner's function, passes the lesson's grader, for every lesson of every course; and a
challenge does not count as solved by loading the course's own file instead of writing it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lessonrt.grading import cli, grade
from lessonsite.challenge_help import load_challenge_help
from lessonsite.content import load_courses

RAIZ = Path(__file__).resolve().parent.parent


def lecciones():
    for curso in load_courses(RAIZ / "web" / "courses"):
        for leccion in curso.lessons:
            bloque = re.search(r"^```\{challenge\}\s+(\S+)", leccion.prose, re.M)
            if bloque:
                yield pytest.param(leccion, leccion.folder / bloque[1], id=f"{curso.slug}/{leccion.slug}")


def pegada(desafio: Path, nombre: str, solucion: str) -> str:
    """The starting code with its `def nombre` (decorators included) replaced by `solucion`:
    what a learner who copies the course's solution over their function submits."""
    fuente = desafio.read_text(encoding="utf-8")
    lineas = fuente.splitlines()
    nodo = next(n for n in ast.parse(fuente).body
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == nombre)
    primera = min([nodo.lineno, *(d.lineno for d in nodo.decorator_list)])
    return "\n".join([*lineas[:primera - 1], solucion, *lineas[nodo.end_lineno:]]) + "\n"


def califica(leccion, fuente):
    return grade(fuente, open_url=cli.open_url_local, challenge=f"{leccion.course}/{leccion.slug}")


@pytest.mark.parametrize("leccion, desafio", list(lecciones()))
def test_la_solucion_del_curso_pegada_en_el_desafio_lo_resuelve(leccion, desafio, monkeypatch):
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")
    ayuda = load_challenge_help(leccion.meta.get("challenge"), leccion.folder / "lesson.toml",
                                RAIZ / "py" / "courses" / leccion.course)
    resultado = califica(leccion, pegada(desafio, ayuda.solution_function, ayuda.solution_code))
    assert resultado["error"] is None
    assert {c["id"]: c["message"] for c in resultado["checks"] if not c["passed"]} == {}
    assert resultado["solved"]


@pytest.mark.parametrize("leccion, desafio", list(lecciones()))
def test_cargar_el_fichero_del_curso_no_resuelve_el_desafio_y_lo_dice(leccion, desafio, monkeypatch):
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")
    ayuda = load_challenge_help(leccion.meta.get("challenge"), leccion.folder / "lesson.toml",
                                RAIZ / "py" / "courses" / leccion.course)
    url = f"/courses/{leccion.course}/{ayuda.solution_file}"
    resultado = califica(leccion, pegada(desafio, ayuda.solution_function, f'exec(open_url("{url}").read())'))
    assert not resultado["solved"] and resultado["passed"] == 0
    assert resultado["error"].startswith(f"Tu función {ayuda.solution_function} no la has escrito tú: es la "
                                         f"del curso, la de {url}, cargada con open_url. Así no cuenta como resuelto.")


@pytest.mark.parametrize("leccion, desafio", list(lecciones()))
def test_el_fichero_del_curso_copiado_entero_en_el_desafio_cuenta_como_propio(leccion, desafio, monkeypatch):
    """Written (or copied) into the learner's own file, even line for line where the course
    file has it, the function is the learner's: only a function loaded from the course's file
    is refused."""
    monkeypatch.setenv("LESSONRT_GRADER_STRICT", "1")
    ayuda = load_challenge_help(leccion.meta.get("challenge"), leccion.folder / "lesson.toml",
                                RAIZ / "py" / "courses" / leccion.course)
    fichero = (RAIZ / "py" / "courses" / leccion.course / ayuda.solution_file).read_text(encoding="utf-8")
    resultado = califica(leccion, fichero)
    assert resultado["error"] is None or "no la has escrito tú" not in resultado["error"]
