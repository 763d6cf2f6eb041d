"""The «traza» widget's build-time hook: the lesson's own loop, run in CPython at build time.

The widget steps through a run of the agent loop. Rather than describing that run
by hand, the build runs the lesson's own Python: the first cell (which defines
INICIO, RESPUESTAS and GUION from the course files) and the course's loop with its
cap (bucle.py), once for every cap the widget offers. What the widget shows is
therefore exactly what the learner's cell prints and what the text says.

Standard library only. The build calls `widget_data`; the result is plain JSON-able
data (see `trace_for_lesson`). This file never reaches the site: the page gets its
result, in the lesson data.
"""

import contextlib
import copy
import io
import json
from pathlib import Path

FORMAT = 1
TOPES = range(1, 11)
DEFAULT_TOPE = 10


class TraceError(Exception):
    """The lesson's Python did not give what the widget needs; the message says what."""


def _opener(courses_dir):
    """An open_url for CPython: "/courses/<course>/<file>" read from courses_dir.

    courses_dir is the folder served at /courses/ (it holds one folder per course).
    In the browser the same call fetches the file relative to the site's root.
    """
    root = Path(courses_dir).resolve()

    def open_url(url):
        prefix = "/courses/"
        if not url.startswith(prefix):
            raise TraceError("open_url(%r): the trace only resolves /courses/... URLs" % url)
        path = (root / url[len(prefix):]).resolve()
        if root not in path.parents or not path.is_file():
            raise TraceError("open_url(%r): no file %s under %s" % (url, path, root))
        return io.StringIO(path.read_text(encoding="utf-8"))

    return open_url


def _run_source(source, namespace, filename):
    # Printing is the cell's business in the browser; at build time it is noise.
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, filename, "exec"), namespace)
    return namespace


def _message(m, muestra):
    """A (role, content) pair as data plus one readable line per block (muestra is
    entorno.py's, so the lines read as the cells print them)."""
    role, content = m
    if isinstance(content, str):
        lines = [content]
    else:
        lines = [muestra(b) for b in content]
    # A JSON round trip both copies and proves that the data is JSON-able.
    return {"role": role, "content": json.loads(json.dumps(content)), "lines": lines}


def _files(entorno, before=None):
    files = []
    for path, content in entorno.items():
        changed = before is not None and before.get(path) != content
        files.append({"path": path, "content": content, "changed": changed})
    return files


def _changed(before, after):
    paths = [p for p in after if before.get(p) != after[p]]
    return paths + [p for p in before if p not in after]


def _run(namespace, guion, inicio, entorno_inicial, tope):
    """One run of the course loop with a cap: what the model got and gave, turn by turn."""
    muestra = namespace["muestra"]
    entorno = copy.deepcopy(entorno_inicial)
    modelo = namespace["ModeloGuionizado"](copy.deepcopy(guion))
    calls = []

    # The loop under test is the course's own; the wrapper only watches it. The
    # environment at a call is the environment after the previous turn.
    def observado(M, herramientas):
        calls.append({"received": [_message(m, muestra) for m in M],
                      "length": len(M),
                      "entorno": copy.deepcopy(entorno)})
        return modelo(M, herramientas)

    try:
        fin, texto, M = namespace["bucle"](observado, list(inicio), entorno, tope)
        end = {"kind": fin, "text": texto}
    except Exception as error:  # a broken lesson shows in the widget instead of hiding
        end = {"kind": "error", "text": "%s: %s" % (type(error).__name__, error)}
        M = None

    turns = []
    for k, call in enumerate(calls):
        after_entorno = calls[k + 1]["entorno"] if k + 1 < len(calls) else entorno
        if M is not None:
            stop = calls[k + 1]["length"] if k + 1 < len(calls) else len(M)
            added = [_message(m, muestra) for m in M[call["length"]:stop]]
        else:
            added = []
        response = added[0] if added else None
        observations = added[1] if len(added) > 1 else None
        tool_uses = [b for b in (response["content"] if response else [])
                     if isinstance(b, dict) and b.get("type") == "tool_use"]
        turns.append({
            "turn": k + 1,
            "received": call["received"],
            "response": response,
            "calls": len(tool_uses),
            "observations": observations,
            "messages_after": call["length"] + len(added),
            "environment": {"files": _files(after_entorno, call["entorno"]),
                            "changed": _changed(call["entorno"], after_entorno)},
        })
    return {
        "tope": tope,
        "turns": turns,
        "end": end,
        "messages": [_message(m, muestra) for m in M] if M is not None else None,
        "environment": {"files": _files(entorno, entorno_inicial),
                        "changed": _changed(entorno_inicial, entorno)},
    }


def trace_for_lesson(lesson_dir, courses_dir, cell="celda1.py", topes=TOPES):
    """Run the lesson's loop for every cap and return the widget's data.

    lesson_dir: the lesson's content folder (web/courses/<course>/<lesson>/); its
        parent's name is the course.
    courses_dir: the folder served at /courses/ (py/courses/), holding <course>/bucle.py.

    Returns (all JSON-able):
      {"format": 1, "course", "lesson", "cell", "loop": "<course>/bucle.py",
       "topes": [1..10], "default_tope": 10,
       "inicio": [message], "environment": {"files": [file]},
       "runs": [run for each cap, in order]}
    message = {"role": "sistema"|"usuario"|"asistente", "content": str | [block],
               "lines": [one readable line per block, entorno.muestra]}
    file    = {"path", "content", "changed": bool (against before the turn/run)}
    run     = {"tope", "turns": [turn], "end": {"kind": "fin"|"tope"|"error", "text"},
               "messages": [message] (M at the end), "environment": {"files", "changed"}}
    turn    = {"turn": k, "received": [message] (exactly what the model got),
               "response": message, "calls": number of tool_use blocks,
               "observations": message | None, "messages_after": len(M) after the turn,
               "environment": {"files": [file], "changed": [path]} (after the turn)}
    """
    lesson_dir, courses_dir = Path(lesson_dir), Path(courses_dir)
    course = lesson_dir.resolve().parent.name
    open_url = _opener(courses_dir)

    cell_path = lesson_dir / cell
    celda = _run_source(cell_path.read_text(encoding="utf-8"),
                        {"__name__": "__main__", "open_url": open_url}, str(cell_path))
    missing = [n for n in ("INICIO", "RESPUESTAS", "GUION") if n not in celda]
    if missing:
        raise TraceError("%s does not define %s, which the widget's trace needs"
                         % (cell_path, ", ".join(missing)))

    # A namespace of its own for the course loop, loaded the way later lessons load it.
    loop_path = "/courses/%s/bucle.py" % course
    curso = {"__name__": "__main__", "open_url": open_url}
    for url in ("/courses/%s/guionizado.py" % course, "/courses/%s/entorno.py" % course,
                loop_path):
        _run_source(open_url(url).read(), curso, url)
    muestra = curso["muestra"]

    inicio, guion, entorno = celda["INICIO"], celda["GUION"], curso["ENTORNO"]
    runs = [_run(curso, guion, inicio, entorno, tope) for tope in topes]

    # The cell runs the same conversation without a cap; the uncapped ending must be
    # the one the widget shows, or the page would contradict itself.
    if "M" in celda and isinstance(celda["M"], list):
        finished = [r for r in runs if r["end"]["kind"] == "fin"]
        if finished and finished[-1]["messages"] != [_message(m, muestra) for m in celda["M"]]:
            raise TraceError("%s: the cell's M differs from the loop's M in %s"
                             % (cell_path, loop_path))

    return {
        "format": FORMAT,
        "course": course,
        "lesson": lesson_dir.resolve().name,
        "cell": cell,
        "loop": "%s/bucle.py" % course,
        "topes": list(topes),
        "default_tope": DEFAULT_TOPE if DEFAULT_TOPE in topes else max(topes),
        "inicio": [_message(m, muestra) for m in inicio],
        "environment": {"files": _files(entorno)},
        "runs": runs,
    }


if __name__ == "__main__":  # python py/lessonrt/traza.py LESSON_DIR COURSES_DIR
    import sys
    print(json.dumps(trace_for_lesson(sys.argv[1], sys.argv[2]), ensure_ascii=False, indent=1))


def widget_data(lesson_dir, courses_dir):
    """The build's hook (lessonsite.widgets): the trace of every cap for this lesson."""
    return trace_for_lesson(lesson_dir, courses_dir)
