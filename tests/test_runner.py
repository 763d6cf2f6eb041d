"""lessonrt.runner in CPython: what a learner sees when a cell runs."""

import builtins
import io
import sys
from pathlib import Path

import pytest

from lessonrt import runner
from lessonrt.runner import local_open_url, make_open_url, run_cell
from tests.child_process import in_a_child_process

ROOT = Path(__file__).resolve().parent.parent
CELLS = ROOT / "web" / "courses" / "llm-agents" / "el-bucle"
OBSERVATIONS_LINE = '        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))\n'


class Recorder:
    """A `write` callback that keeps (stream, text) in order."""

    def __init__(self):
        self.parts = []

    def __call__(self, stream, text):
        assert isinstance(text, str)
        self.parts.append((stream, text))

    def text(self, stream=None):
        return "".join(t for s, t in self.parts if stream in (None, s))


def run(code, *, name="celda1", open_url=None, before=()):
    out = Recorder()
    result = run_cell(code, name=name, open_url=open_url or local_open_url(),
                      write=out, before=before)
    return result, out


def cell(name):
    return (CELLS / ("%s.py" % name)).read_text(encoding="utf-8")


# Namespace ------------------------------------------------------------------

def test_a_cell_runs_as_main_with_open_url_predefined():
    result, out = run("print(__name__, callable(open_url))")
    assert result == {"ok": True, "error": None, "interrupted": False}
    assert out.parts == [("stdout", "__main__"), ("stdout", " "), ("stdout", "True"),
                         ("stdout", "\n")]


def test_each_run_starts_from_a_fresh_namespace():
    run("secreto = 42")
    result, _ = run("print(secreto)")
    assert not result["ok"]
    assert result["error"].endswith("NameError: name 'secreto' is not defined")


def test_classes_and_dataclasses_work_in_a_cell():
    code = ("from dataclasses import dataclass\n"
            "@dataclass\nclass P:\n    x: int\n"
            "import sys\nprint(P(1), sys.modules['__main__'].P is P)\n")
    result, out = run(code)
    assert result["ok"], result["error"]
    assert out.text() == "P(x=1) True\n"


def test_input_explains_in_spanish_that_cells_cannot_ask():
    result, _ = run('nombre = input("¿Cómo te llamas? ")')
    assert not result["ok"]
    assert 'File "<Celda 1>", line 1' in result["error"]
    assert "input() no está disponible en las celdas" in result["error"]
    assert "runner" not in result["error"]


def test_reading_stdin_explains_the_same():
    result, _ = run("import sys\nsys.stdin.readline()")
    assert "input() no está disponible en las celdas" in result["error"]


def test_input_reads_the_lines_the_page_hands_over():
    lines = iter(["Ana", "", None])
    out = Recorder()
    result = run_cell('a = input("¿Nombre? ")\nb = input()\nprint(repr(a), repr(b))\ninput("¿Más? ")',
                      open_url=local_open_url(), write=out, read=lambda: next(lines))
    assert out.text() == "¿Nombre? 'Ana' ''\n¿Más? "
    assert result["error"].endswith("EOFError: EOF when reading a line")


def test_stdin_reads_until_the_end_of_input():
    lines = iter(["uno", "dos", None])
    out = Recorder()
    result = run_cell("import sys\nprint(sys.stdin.read().split())",
                      open_url=local_open_url(), write=out, read=lambda: next(lines))
    assert result["ok"], result["error"]
    assert out.text() == "['uno', 'dos']\n"


def test_an_earlier_cell_asks_its_question_even_with_its_output_hidden():
    out = Recorder()
    result = run_cell("print(nombre)", open_url=local_open_url(), write=out, read=lambda: "Ana",
                      before=[("celda1", 'print("oculto")\nnombre = input("¿Nombre? ")')], name="celda2")
    assert result["ok"], result["error"]
    assert out.text() == "¿Nombre? Ana\n"


@pytest.mark.parametrize("stopped", ["returns", "raises"])
def test_a_stop_while_waiting_for_input_is_a_stop(stopped):
    def read():
        if stopped == "raises":
            raise KeyboardInterrupt
        return False
    out = Recorder()
    result = run_cell("try:\n    input()\nexcept KeyboardInterrupt:\n    print('parado')\n    raise\n",
                      open_url=local_open_url(), write=out, read=read)
    assert result == {"ok": False, "error": runner.stopped(), "interrupted": True}
    assert out.text() == "parado\n"


def test_without_a_reader_the_page_says_why():
    result = run_cell("input()", open_url=local_open_url(), write=Recorder(),
                      no_input=runner.input_needs_reload())
    assert result["error"].endswith("RuntimeError: " + runner.input_needs_reload())


# Output -----------------------------------------------------------------------

def test_output_streams_while_the_cell_is_still_running():
    seen_running = []

    def write(stream, text):
        frame, running = sys._getframe(), False
        while frame is not None:
            running = running or frame.f_code.co_filename == "<Celda 1>"
            frame = frame.f_back
        seen_running.append(running)

    run_cell("for i in range(3):\n    print(i)\n", open_url=local_open_url(), write=write)
    assert seen_running and all(seen_running)


def test_stdout_and_stderr_keep_their_order():
    _, out = run("import sys\nprint('a')\nprint('b', file=sys.stderr)\nprint('c')")
    assert out.parts == [("stdout", "a"), ("stdout", "\n"), ("stderr", "b"),
                         ("stderr", "\n"), ("stdout", "c"), ("stdout", "\n")]


def test_output_is_capped_at_a_line_end_with_one_spanish_note(monkeypatch):
    monkeypatch.setattr(runner, "OUTPUT_LIMIT", 10)
    result, out = run("for i in range(1000):\n    print('xy')\n")
    assert result["ok"]
    notes = [t for s, t in out.parts if "límite" in t]
    assert len(notes) == 1
    # "xy\nxy\nxy\n" fits in 10 characters; the fourth line would not fit whole.
    assert out.text() == "xy\nxy\nxy\n" + notes[0]
    assert notes[0] == ("[Salida recortada: se ha llegado al límite de 10 caracteres, y lo que se "
                        "imprima desde aquí no se muestra.]\n")


def test_a_cut_after_a_part_of_a_line_puts_the_note_on_a_line_of_its_own(monkeypatch):
    monkeypatch.setattr(runner, "OUTPUT_LIMIT", 10)
    _, out = run("import sys\nfor i in range(100):\n    sys.stdout.write('ab')\n")
    assert out.text().startswith("ababababab\n[Salida recortada")
    assert out.text().count("[") == 1


def test_a_line_longer_than_the_cap_shows_its_start(monkeypatch):
    monkeypatch.setattr(runner, "OUTPUT_LIMIT", 10)
    _, out = run("print('hola')\nprint('x' * 100)\n")
    assert out.text().startswith("hola\n[Salida recortada")  # the long line does not fit: none of it
    _, out = run("print('x' * 100)\n")
    assert out.text().startswith("x" * 10 + "\n[Salida recortada")


def test_the_cap_also_stops_a_million_prints_quickly():
    calls = []
    run_cell("for i in range(10**6):\n    print(i)\n", open_url=local_open_url(),
             write=lambda stream, text: calls.append(text))
    notes = [i for i, text in enumerate(calls) if "[Salida recortada" in text]
    assert len(notes) == 1  # as the limit is passed, and never again
    shown = "".join(calls[:notes[0]])
    assert shown.endswith("\n") and len(shown) <= runner.OUTPUT_LIMIT
    assert len(shown) > runner.OUTPUT_LIMIT - 8  # the cut is at the last whole line
    assert set(calls[notes[0] + 1:]) == {""}  # only the pokes that let the page show the note
    assert len(calls) < 2 * runner.OUTPUT_LIMIT


# How a run ends -----------------------------------------------------------------

def test_keyboard_interrupt_is_an_ordinary_stopped_result():
    result, _ = run("def f():\n    raise KeyboardInterrupt\nf()")
    assert result == {"ok": False, "error": "Ejecución detenida.", "interrupted": True}


@pytest.mark.parametrize("code", ["import sys\nsys.exit()", "raise SystemExit(0)", "exit()"])
def test_a_clean_exit_is_success(code):
    result, _ = run(code)
    assert result == {"ok": True, "error": None, "interrupted": False}


def test_an_exit_with_a_status_is_reported():
    result, _ = run("import sys\nsys.exit('adiós')")
    assert not result["ok"] and not result["interrupted"]
    assert result["error"].endswith("SystemExit: adiós")


def test_every_base_exception_becomes_a_result():
    result, _ = run("class Raro(BaseException):\n    pass\nraise Raro('x')")
    assert not result["ok"]
    assert result["error"].endswith("Raro: x")


def test_an_exception_whose_str_fails_is_still_reported():
    code = "class Mal(Exception):\n    def __str__(self):\n        raise ValueError\nraise Mal()"
    result, _ = run(code)
    assert not result["ok"] and "Mal" in result["error"]


def test_the_interpreter_is_restored_even_if_the_cell_breaks_it():
    in_a_child_process(_restored_after_a_cell_that_breaks_it)


def _restored_after_a_cell_that_breaks_it():
    before = sys.stdout, sys.stderr, sys.stdin, sys.modules["__main__"], builtins.print
    own_input = builtins.input
    code = ("import sys, builtins, io\n"
            "sys.stdout = io.StringIO()\nsys.stderr = None\nsys.stdin = None\n"
            "builtins.print = None\nbuiltins.len = None\nbuiltins.invento = 1\n"
            "del builtins.abs\n"
            "raise ValueError('roto')\n")
    result, _ = run(code)
    assert result["error"].endswith("ValueError: roto")
    after = sys.stdout, sys.stderr, sys.stdin, sys.modules["__main__"], builtins.print
    assert after == before
    assert builtins.len is len and builtins.abs is abs
    assert not hasattr(builtins, "invento")
    assert builtins.input is own_input


# Tracebacks -------------------------------------------------------------------

def test_a_traceback_shows_the_cell_lines_and_no_runtime_internals():
    result, _ = run("x = 1\n\ndef f():\n    return 1 / 0\n\nf()\n")
    error = result["error"]
    assert error.startswith("Traceback (most recent call last):\n")
    assert 'File "<Celda 1>", line 6, in <module>' in error
    assert 'File "<Celda 1>", line 4, in f' in error
    assert "return 1 / 0" in error
    assert error.endswith("ZeroDivisionError: division by zero")
    for internal in ("runner.py", "lessonrt", "exec(", "<frozen"):
        assert internal not in error


def test_the_filename_follows_the_cell_name():
    result, _ = run("1/0", name="celda2")
    assert 'File "<Celda 2>", line 1' in result["error"]


def test_a_syntax_error_shows_the_line_and_a_caret():
    result, _ = run("x = 1\nprint(x +)\n")
    error = result["error"]
    assert "Traceback" not in error
    assert 'File "<Celda 1>", line 2' in error
    assert "    print(x +)\n" in error
    assert "^" in error.splitlines()[2]
    assert error.splitlines()[-1].startswith("SyntaxError:")


def test_frames_of_course_code_are_summarised(tmp_path):
    course = tmp_path / "courses" / "demo"
    course.mkdir(parents=True)
    (course / "m.py").write_text(
        "def interior():\n    raise RuntimeError('guion roto')\n"
        "def exterior():\n    interior()\n", encoding="utf-8")
    code = 'exec(open_url("/courses/demo/m.py").read())\nexterior()\n'
    result, _ = run(code, open_url=local_open_url(tmp_path))
    error = result["error"]
    assert 'File "<Celda 1>", line 2, in <module>' in error
    assert error.count("[en el código del curso") == 1
    assert "[en el código del curso: interior, línea 2]" in error
    assert "<string>" not in error
    assert error.endswith("RuntimeError: guion roto")


def test_a_private_helper_of_the_course_is_not_named(tmp_path):
    # «_compara, línea 90» says nothing to a learner, who never sees the course's code.
    course = tmp_path / "courses" / "demo"
    course.mkdir(parents=True)
    (course / "m.py").write_text("def _compara(a):\n    return a[3]\n", encoding="utf-8")
    result, _ = run('exec(open_url("/courses/demo/m.py").read())\n_compara([1])\n',
                    open_url=local_open_url(tmp_path))
    assert "  [en el código del curso]\n" in result["error"]
    assert "_compara" not in result["error"].split("[en el código del curso]")[1]


def test_chained_exceptions_keep_only_learner_frames():
    code = "try:\n    int('x')\nexcept ValueError as e:\n    raise KeyError('k') from e\n"
    error = run(code)[0]["error"]
    assert "direct cause" in error
    assert 'File "<Celda 1>", line 2' in error and 'File "<Celda 1>", line 4' in error
    assert "runner" not in error


# Earlier cells --------------------------------------------------------------------

def test_a_cell_can_build_on_earlier_cells_whose_output_is_hidden():
    result, out = run("print(doble(21))", name="celda2",
                      before=[("celda1", "def doble(x):\n    return 2 * x\nprint('oculto')")])
    assert result["ok"], result["error"]
    assert out.text() == "42\n"


def test_a_failing_earlier_cell_is_named():
    result, _ = run("print(1)", name="celda2", before=[("celda1", "1/0")])
    assert result["error"].startswith(
        "Antes de la celda 2 se ejecutan las celdas de arriba, y la celda 1 ha fallado:\n")
    assert 'File "<Celda 1>", line 1' in result["error"]


# open_url ----------------------------------------------------------------------

def test_open_url_resolves_a_leading_slash_against_the_site_root():
    asked = []

    def fetch(url):
        asked.append(url)
        return "texto"

    open_url = make_open_url("https://example.org/cursos/sitio/", fetch)
    handle = open_url("/courses/llm-agents/entorno.py")
    assert isinstance(handle, io.StringIO) and handle.read() == "texto"
    open_url("courses/x.py")
    open_url("https://otro.example/y.py")
    make_open_url("https://example.org/sub", fetch)("/a.py")
    assert asked == ["https://example.org/cursos/sitio/courses/llm-agents/entorno.py",
                     "https://example.org/cursos/sitio/courses/x.py",
                     "https://otro.example/y.py",
                     "https://example.org/sub/a.py"]


def test_local_open_url_reads_the_course_files_under_py():
    text = local_open_url()("/courses/llm-agents/entorno.py").read()
    assert text == (ROOT / "py/courses/llm-agents/entorno.py").read_text(encoding="utf-8")


def test_local_open_url_says_which_file_is_missing():
    with pytest.raises(FileNotFoundError, match="no-existe.py"):
        local_open_url()("/courses/no-existe.py")


# The lesson's own cells -------------------------------------------------------------

def test_cell_1_runs_the_whole_conversation():
    result, out = run(cell("celda1"))
    assert result["ok"], result["error"]
    text = out.text("stdout")
    assert "\n4 turnos: He añadido a lista.txt" in text
    assert text.rstrip().endswith(
        "lista.txt: pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla")


def test_cell_2_builds_on_cell_1():
    result, out = run(cell("celda2"), name="celda2", before=[("celda1", cell("celda1"))])
    assert result["ok"], result["error"]
    assert "mensajes que recibe el modelo en cada turno: [2, 4, 6, 8]" in out.text()
    assert "terco:" in out.text()


def test_without_the_observations_the_model_complains_on_turn_2_about_message_3():
    code = cell("celda1")
    assert OBSERVATIONS_LINE in code
    result, out = run(code.replace(OBSERVATIONS_LINE, ""))
    assert not result["ok"]
    error = result["error"]
    assert "turno 2" in error and "mensaje 3" in error
    call = code.splitlines().index("        r = modelo(M, HERRAMIENTAS)") + 1
    assert 'File "<Celda 1>", line %d, in bucle' % call in error
    assert "guionizado" not in error and "runner" not in error


def test_only_a_cell_that_awaits_at_its_top_level_runs_on_the_page_loop():
    # asyncio.run() of a coroutine has `await` in its text, not at its top level: it runs like
    # any cell (and in the browser fails with a RuntimeError), instead of waiting for ever.
    assert not runner.awaits_at_top_level("import asyncio\nasync def f():\n    await g()\nasyncio.run(f())\n")
    assert runner.awaits_at_top_level("import micropip\nawait micropip.install('tabulate')\n")
    assert runner.awaits_at_top_level("x = 1\n", "await algo()\n")  # an earlier cell that awaits
    assert not runner.awaits_at_top_level("def f(:\n")  # run_cell reports the syntax error


@pytest.fixture
def waits(monkeypatch):
    """time.sleep replaced as the worker replaces it, with a wait that records each call and
    says the page asked for a stop when the list `stop` holds True."""
    import time

    monkeypatch.setattr(time, "sleep", time.sleep)  # put back after the test
    calls, stop = [], [False]

    def wait(ms):
        calls.append(ms)
        return stop[0]

    runner.sleep_without_spinning(wait)
    return calls, stop


def test_time_sleep_waits_through_the_worker_for_as_long_as_asked(waits):
    calls, _ = waits
    result = run_cell("import time\ntime.sleep(0.25)\ntime.sleep(2)\nprint(time.sleep.__name__)\n",
                      open_url=None, write=lambda stream, text: None)
    assert result["error"] is None, result
    assert calls == [250.0, 2000]


def test_time_sleep_refuses_what_cpython_refuses_without_waiting(waits):
    calls, _ = waits
    import time

    for bad, error in ((-1, ValueError), (float("nan"), ValueError), ("1", TypeError), (1e300, OverflowError)):
        with pytest.raises(error):
            time.sleep(bad)
    assert calls == []


def test_a_stop_during_time_sleep_leaves_the_interrupt_to_the_interpreter(waits):
    """When the page asks for a stop, the wait returns at once and the sleep returns: the
    interpreter's own check of the interrupt buffer raises KeyboardInterrupt (in Pyodide)."""
    calls, stop = waits
    import time

    stop[0] = True
    assert time.sleep(3600) is None
    assert calls == [3_600_000]


def test_a_run_with_earlier_cells_says_which_cell_begins():
    # The page names the cell that runs (an earlier one may never end).
    begun = []
    result = run_cell("print(x)", name="celda3", open_url=local_open_url(), write=lambda s, t: None,
                      before=[("celda1", "x = 1"), ("celda2", "x += 1")], starting=begun.append)
    assert result["ok"] and begun == ["celda1", "celda2", "celda3"]
    alone = []
    assert run_cell("x = 1", open_url=local_open_url(), write=lambda s, t: None, starting=alone.append)["ok"]
    assert alone == []  # nothing runs before it: nothing to tell apart
