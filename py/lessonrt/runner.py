"""Run one lesson cell the way a learner expects a script to run.

The same module runs inside Pyodide (in the page's worker) and in CPython
(tests, the grading command line). Only the standard library is used, and the
one difference between the two platforms, how `open_url` fetches a course
file, lives in `browser_open_url` / `local_open_url` at the bottom.

`run_cell` never raises: whatever the cell does (raise, `sys.exit()`, be
interrupted, replace `sys.stdout` or `builtins.print`) comes back as a plain
dict, and the interpreter is left as it was found, ready for the next cell.
"""

import builtins
import io
import linecache
import operator
import re
import sys
import traceback
import types

from lessonrt.explain import explanation
from lessonrt.i18n import _

# urllib and pathlib are imported where they are used: in Pyodide, importing
# urllib.request (and with it http, email, ssl...) at start-up costs most of a
# second, and only the CPython side needs it.

# What the runner's own way out needs, named through module globals bound at
# import: a cell may delete or replace any builtin, and `except BaseException`
# looks the name up when the exception arrives.
_BaseException, _KeyboardInterrupt = BaseException, KeyboardInterrupt
_settrace, _setprofile = sys.settrace, sys.setprofile

OUTPUT_LIMIT = 100_000
"""Characters of stdout + stderr forwarded per run; the rest is counted, not sent."""

# The learner's words are made when they are shown, in the language set then (i18n):
# this module is imported before the page says its language.

def stopped():
    return _("Execution stopped.")


def input_unavailable():
    return _('input() is not available in cells: a cell cannot stop to wait for what '
             'you type. Put the value in the code itself, for example name = "Ana" '
             'instead of name = input().')


def input_needs_reload():
    return _("input() cannot wait for what you type in this load of the page: for Python "
             "to stop and wait, the browser has to isolate the page, and on the first "
             "visit it is not isolated yet. Reload the page and run the cell again: from "
             "the second load on, input() lets you type.")


COURSE_CODE = "<string>"
"""Filename Python gives to code run with exec(a_string): the course files."""


def cell_filename(name):
    """`celda1` -> `<Celda 1>` (`<Cell 1>` in English): the filename tracebacks show for the cell."""
    return "<%s>" % _label(name)


def _label(name):
    if name == "desafio":  # the challenge's code, tried as a cell: <desafío>, <challenge>
        return _("challenge")
    match = re.fullmatch(r"(?:celda|cell)[ _-]?(\d+)", name, flags=re.IGNORECASE)
    return _("Cell %(n)s") % {"n": match.group(1)} if match else name


def run_cell(code, *, name="celda1", open_url, write, before=(), read=None, no_input=None, starting=None):
    """Run `code` as a fresh `__main__` and report how it ended.

    A cell may `await` at its top level (`await micropip.install("x")`): here,
    in CPython, each such cell runs on an event loop of its own; in the
    browser, `run_cell_async` awaits it on the page's loop.

    `write(stream, text)` receives stdout/stderr ("stdout" or "stderr") as it
    is printed, up to OUTPUT_LIMIT characters in all. `before` is a sequence
    of `(name, code)` of earlier cells that this one builds on: they run
    first, in the same fresh namespace, with their output hidden, so a cell
    gives the same result whatever was run before it.

    `read()`, when given, is how `input()` and `sys.stdin` get the learner's
    next line: it returns the line without its newline, None at the end of
    input (the learner pressed Ctrl-D), or False when the run was stopped while
    it waited (reading then raises KeyboardInterrupt, as it does if `read`
    raises it). Without it, reading raises RuntimeError(`no_input`), by default
    input_unavailable()'s words.

    `starting(name)`, when given and there are earlier cells, is called as each cell
    begins, the earlier ones and then this one: the page says which runs, so that an
    earlier cell that never ends is not taken for this one.

    Returns `{"ok": bool, "error": str | None, "interrupted": bool}`; `error`
    is the traceback as the learner should see it: the cells' frames only. A run
    that raised also has `explanation`: what the error means, in the language set
    (lessonrt.explain), or None.
    """
    steps = _run(code, name, open_url, write, before, read, no_input, starting)
    pending = None
    try:
        pending = next(steps)
        while True:
            try:
                value = _run_to_end(pending)
            except _BaseException as error:  # noqa: B036 - handed back to the cell
                pending = steps.throw(error)
            else:
                pending = steps.send(value)
    except StopIteration as done:
        return done.value


async def run_cell_async(code, *, name="celda1", open_url, write, before=(), read=None,
                         no_input=None, starting=None):
    """`run_cell` for the browser, where a cell that awaits (micropip) needs
    the page's own event loop: each top-level await is awaited here."""
    steps = _run(code, name, open_url, write, before, read, no_input, starting)
    try:
        pending = next(steps)
        while True:
            try:
                value = await pending
            except _BaseException as error:  # noqa: B036 - handed back to the cell
                pending = steps.throw(error)
            else:
                pending = steps.send(value)
    except StopIteration as done:
        return done.value


def _run_to_end(awaitable):
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(awaitable)
    finally:
        loop.close()


# What lets a cell `await` at its top level: its code object is then a
# coroutine's, which eval() starts and the runner awaits.
_TOP_LEVEL_AWAIT = 0x2000  # ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, without importing ast


_CO_COROUTINE = 0x80  # inspect.CO_COROUTINE: a code object that must be awaited


def awaits_at_top_level(*sources):
    """Whether one of these cells awaits at its top level, and so must run on
    the page's event loop (run_cell_async). An `await` inside an `async def`
    does not count: asyncio.run() of a coroutine is an ordinary cell. A cell
    that does not compile counts as not awaiting: run_cell reports its error."""
    for source in sources:
        try:
            compiled = compile(source, "<celda>", "exec", flags=_TOP_LEVEL_AWAIT, dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        if compiled.co_flags & _CO_COROUTINE:
            return True
    return False


def _run(code, name, open_url, write, before, read=None, no_input=None, starting=None):
    """run_cell's work, as a generator that yields each awaitable a cell's
    top level makes, to be awaited by its caller and sent back."""
    if no_input is None:
        no_input = input_unavailable()
    output = _Output(write, OUTPUT_LIMIT)
    saved = _Saved(open_url)
    steps = [*before, (name, code)]
    current, failure = name, None
    try:
        module = types.ModuleType("__main__")
        module.__dict__.update(__builtins__=builtins, open_url=open_url)
        sys.modules["__main__"] = module
        sys.stdout = _Stream(output, "stdout")
        sys.stderr = _Stream(output, "stderr")
        if read is None:
            sys.stdin = _NoInput(no_input)
            builtins.input = _NoInput(no_input).input
        else:
            sys.stdin = _Stdin(read)
            builtins.input = _asking(output)
        module.__dict__["display"] = _display(output)
        for current, source in steps:
            output.muted = current != name
            if starting is not None and before:
                starting(current)
            filename = cell_filename(current)
            _remember_source(filename, source)
            compiled, last = _compile_cell(source, filename, shows_last=current == name)
            pending = eval(compiled, module.__dict__)
            if pending is not None:
                yield pending
            if last is not None:
                value = eval(last, module.__dict__)
                if last.co_flags & _CO_COROUTINE:
                    value = yield value
                _show(output, value)
    except _BaseException as error:  # noqa: B036 - every way out becomes a result
        failure = error
    finally:
        # Before any call: a trace or profile function the cell left behind
        # runs on every call and may raise. The interpreter drops one that
        # raises, so a few tries get through.
        tries = 0
        while tries < 5:
            try:
                _setprofile(None)
                _settrace(None)
                break
            except _BaseException:
                tries += 1
        # Then put the interpreter back: the cell may have broken print, len,
        # sys.stdout or a module, and formatting the traceback needs them. A
        # stop that lands here only makes the (repeatable) restoring start over.
        while True:
            try:
                saved.restore()
                break
            except _KeyboardInterrupt as stop:
                if failure is None:
                    failure = stop
        output.muted = False

    if failure is None or (isinstance(failure, SystemExit) and failure.code in (None, 0)):
        return {"ok": True, "error": None, "interrupted": False}
    if isinstance(failure, KeyboardInterrupt):
        return {"ok": False, "error": stopped(), "interrupted": True}
    cells = {cell_filename(n) for n, _source in steps}
    # The traceback as Python prints it, and apart from it, what it means in the learner's words.
    text = _explain(failure, current, name, cells)
    return {"ok": False, "error": text, "interrupted": False,
            "explanation": explanation(failure, text)}


_PyCF_ONLY_AST = 0x400  # ast.PyCF_ONLY_AST: the tree, from the compiler itself


def _compile_cell(source, filename, shows_last):
    """The cell's code, and apart from it the expression on its last line when its value is
    to be shown, as a notebook shows it: not when the line ends with `;`. The tree comes
    from the compiler and `_ast` (built in), so no module is imported for it."""
    flags = _TOP_LEVEL_AWAIT
    if shows_last:
        tree = compile(source, filename, "exec", flags=flags | _PyCF_ONLY_AST, dont_inherit=True)
        body = tree.body
        if body and type(body[-1]).__name__ == "Expr" and not _ends_with_semicolon(source, body[-1]):
            import _ast

            last = body.pop()
            return (compile(tree, filename, "exec", flags=flags, dont_inherit=True),
                    compile(_ast.Expression(last.value), filename, "eval", flags=flags, dont_inherit=True))
    return compile(source, filename, "exec", flags=flags, dont_inherit=True), None


def _ends_with_semicolon(source, node):
    line = source.splitlines()[node.end_lineno - 1].encode("utf-8")[node.end_col_offset:]
    return line.decode("utf-8", "replace").lstrip().startswith(";")


# The kinds of rich output a page shows, richest first, and the methods that give them
# (IPython's display protocol, which every notebook tool follows).
RICH = (("text/html", "_repr_html_"), ("text/markdown", "_repr_markdown_"),
        ("image/svg+xml", "_repr_svg_"), ("image/png", "_repr_png_"), ("image/jpeg", "_repr_jpeg_"))


def _mime_bundle(value):
    """{mime type: data} for `value`: what its `_repr_mimebundle_` and `_repr_*_` methods give
    (images as base64 text) and always `text/plain`, its repr. A method that is not callable,
    raises or returns something unusable is passed over, as IPython passes it over."""
    bundle = {}
    method = _own_method(value, "_repr_mimebundle_")
    if method is not None:
        try:
            given = method(include=None, exclude=None)
            if isinstance(given, tuple):
                given = given[0]
            if isinstance(given, dict):
                bundle.update((k, v) for k, v in given.items() if isinstance(k, str))
        except Exception:  # noqa: BLE001 - a broken method is skipped, as in a notebook
            pass
    for mime, name in RICH:
        method = _own_method(value, name)
        if mime in bundle or method is None:
            continue
        try:
            data = method()
        except Exception:  # noqa: BLE001
            continue
        if isinstance(data, tuple):
            data = data[0]
        if data is not None:
            bundle[mime] = data
    for mime in ("image/png", "image/jpeg"):
        if isinstance(bundle.get(mime), (bytes, bytearray)):
            import binascii

            bundle[mime] = binascii.b2a_base64(bytes(bundle[mime]), newline=False).decode("ascii")
    shown = {k: v for k, v in bundle.items() if isinstance(v, str) and k in dict(RICH)}
    shown["text/plain"] = bundle["text/plain"] if isinstance(bundle.get("text/plain"), str) else _safe_repr(value)
    return shown


def _own_method(value, name):
    """`value`'s method `name`, looked up on its type as IPython does: an object whose
    __getattr__ answers every name does not thereby draw itself."""
    if isinstance(value, type) or getattr(type(value), name, None) is None:
        return None
    method = getattr(value, name, None)
    return method if callable(method) else None


def _safe_repr(value):
    try:
        return repr(value)
    except Exception as error:  # noqa: BLE001 - a repr that raises still says what it is
        return "<%s>" % (_("%(type)s: its repr raised %(error)s")
                         % {"type": type(value).__name__, "error": type(error).__name__})


def _show(output, value):
    """A cell's last expression, shown as a notebook shows it."""
    if value is not None:
        _present(output, value)


def _present(output, value):
    """`value` in the output: its picture or table when it draws itself, else its repr."""
    bundle = _mime_bundle(value)
    if len(bundle) == 1:
        output.emit("stdout", bundle["text/plain"] + "\n")
    else:
        output.rich(bundle)


def _display(output):
    def display(*values):
        """Show each value below what the cell printed so far: as a picture, a table or
        text, the richest way the page can (IPython's display protocol)."""
        for value in values:
            _present(output, value)
    return display


def _explain(error, failed, name, cells):
    text = _learner_traceback(error, cells)
    missing = _missing_package(error)
    if missing:
        text += "\n" + _("This lesson does not include the package “%(name)s”. Here you can import "
                         "Python's standard library and the packages the lesson brings; nothing is "
                         "downloaded from outside this site.") % {"name": missing}
    if failed != name:
        head = (_("before %(cell)s, the cells above it run, and %(failed)s failed:")
                % {"cell": _label(name).lower(), "failed": _label(failed).lower()})
        text = head[:1].upper() + head[1:] + "\n" + text
    return text


def _missing_package(error):
    """The top-level name of a module that could not be imported and is not
    the standard library's, or None."""
    if not isinstance(error, ModuleNotFoundError) or not error.name:
        return None
    top = error.name.partition(".")[0]
    return None if top in sys.stdlib_module_names else top


class _Saved:
    """The interpreter state a cell may change, put back afterwards, so that
    the next run finds the interpreter the way the first one did.

    Put back: the builtins; every module imported before the run, both its
    entry in sys.modules and its attributes (sys's streams, hooks and path
    among them; io, copy and the rest of the standard library; this runtime's
    own modules); the contents of sys.path, sys.meta_path and sys.path_hooks;
    the recursion limit, trace and profile functions and sys.monitoring tools
    the cell claimed; this module's classes and functions as imported; the
    code and defaults of `open_url`; and, in the browser, asyncio tasks the
    cell left scheduled are cancelled.

    Not put back: modules the cell imported for the first time stay imported,
    as the cell left them; objects changed in place (a list inside a module,
    a class of another module) stay changed. Code that digs that deep reaches
    the worker's interpreter, which the page can replace.
    """

    def __init__(self, open_url):
        self.builtins = dict(builtins.__dict__)
        self.modules = dict(sys.modules)
        self.dicts = [(m.__dict__, dict(m.__dict__)) for m in self.modules.values()
                      if isinstance(m, types.ModuleType) and m is not builtins]
        self.lists = [(items, list(items)) for items in (sys.path, sys.meta_path, sys.path_hooks)]
        self.trace, self.profile = sys.gettrace(), sys.getprofile()
        self.recursion_limit = sys.getrecursionlimit()
        monitoring = getattr(sys, "monitoring", None)
        self.tools = [i for i in range(6) if monitoring and monitoring.get_tool(i) is None]
        self.open_url = _function_state(open_url)
        self.tasks = _scheduled_tasks()

    def restore(self):
        # Builtins first, with nothing that needs them: the cell may have emptied them.
        _put_back(builtins.__dict__, self.builtins)
        monitoring = getattr(sys, "monitoring", None)
        for tool in self.tools:
            if monitoring.get_tool(tool) is not None:
                monitoring.set_events(tool, 0)
                monitoring.free_tool_id(tool)
        sys.settrace(self.trace)
        sys.setprofile(self.profile)
        sys.setrecursionlimit(self.recursion_limit)
        modules = sys.modules
        for name, module in self.modules.items():
            if modules.get(name, _MISSING) is not module:
                modules[name] = module
        for current, saved in self.dicts:
            if len(current) != len(saved) or not all(map(operator.is_, saved.values(),
                                                          map(current.get, saved))):
                _put_back(current, saved)
        for items, saved in self.lists:
            if len(items) != len(saved) or not all(map(operator.is_, items, saved)):
                items[:] = saved
        _restore_function(*self.open_url)
        for function_state in _OWN_FUNCTIONS:
            _restore_function(*function_state)
        for cls, saved in _OWN_CLASSES:
            _restore_class(cls, saved)
        _cancel_new_tasks(self.tasks)


_MISSING = object()


def _put_back(current, saved):
    """Make dict `current` hold exactly what `saved` held (same objects)."""
    for key in [k for k in current if k not in saved]:
        del current[key]
    for key, value in saved.items():
        if current.get(key, _MISSING) is not value:
            current[key] = value


def _function_state(function):
    if not isinstance(function, types.FunctionType):
        return None, None
    return function, (function.__code__, function.__defaults__, function.__kwdefaults__)


def _restore_function(function, state):
    if function is None:
        return
    code, defaults, kwdefaults = state
    if (function.__code__ is not code or function.__defaults__ is not defaults
            or function.__kwdefaults__ is not kwdefaults):
        function.__code__, function.__defaults__, function.__kwdefaults__ = state


def _restore_class(cls, saved):
    current = cls.__dict__
    for key in [k for k in current if k not in saved]:
        delattr(cls, key)
    for key, value in saved.items():
        if current.get(key, _MISSING) is not value:
            setattr(cls, key, value)


def _scheduled_tasks():
    """The asyncio tasks scheduled on the browser's event loop, or None.

    In Pyodide the page's event loop keeps running between runs, so a task a
    cell leaves behind would go on running (and printing) after the cell
    ended. CPython runs no loop between cells."""
    asyncio = sys.modules.get("asyncio")
    if sys.platform != "emscripten" or asyncio is None:
        return None
    try:
        return asyncio.all_tasks(asyncio.get_event_loop())
    except Exception:
        return None


def _cancel_new_tasks(before):
    now = _scheduled_tasks()
    for task in now or ():
        if before is None or task not in before:
            task.cancel()


# Output ---------------------------------------------------------------------

class _Output:
    """Forwards text to `write` until `limit` characters, then only counts.

    The output is cut at a line boundary: at the last line end that fits, or before
    the line being started; only a line longer than all there is room for is cut
    inside. The cut sends its one note at once, on a line of its own (a program that
    prints for ever may be stopped by terminating the interpreter, and would never
    reach the end of its run). The page's worker posts what it is given in batches,
    when a later write comes; while output is being cut, an empty write every POKE
    characters gives it that chance, so the note shows while the program is still
    running."""

    POKE = 4096

    def __init__(self, write, limit):
        self.write = write
        self.limit = limit
        self.left = limit
        self.cut = 0
        self.poked = 0
        self.muted = False
        self.rich_left = self.RICH_LIMIT
        self.line_start = True  # what has been shown ends at a line end (or is nothing)

    def emit(self, stream, text):
        if not text or self.muted:
            return
        if self.cut:
            self._count(len(text))
            return
        if len(text) <= self.left:
            self._show(stream, text)
            return
        room = text[: self.left]
        end = room.rfind("\n")
        if end >= 0:
            shown = room[: end + 1]
        elif self.line_start and self.left == self.limit:
            shown = room  # one line longer than the whole limit: its start is all there is
        else:
            shown = ""
        if shown:
            self._show(stream, shown)
        self.write("stderr", "%s[%s]\n" % (
            "" if self.line_start else "\n",
            _("Output cut: the limit of %(n)s characters has been reached, and what is "
              "printed from here on is not shown.") % {"n": _number(self.limit)}))
        self._count(len(text) - len(shown))

    RICH_LIMIT = 8_000_000
    """Characters of rich output (pictures, tables) per run, apart from the text's limit."""

    def rich(self, bundle):
        if self.muted:
            return
        import json

        text = json.dumps(bundle)
        if self.rich_left < len(text):
            if self.rich_left >= 0:
                self.write("stderr", "\n[%s]\n" % (
                    _("This output does not fit: a cell shows up to %(n)s characters of "
                      "pictures and tables.") % {"n": _number(self.RICH_LIMIT)}))
            self.rich_left = -1
            self.emit("stdout", bundle["text/plain"] + "\n")
            return
        self.rich_left -= len(text)
        self.write("display", text)

    def _show(self, stream, text):
        self.left -= len(text)
        self.line_start = text.endswith("\n")
        self.write(stream, text)

    def _count(self, n):
        self.cut += n
        if self.cut - self.poked >= self.POKE:
            self.poked = self.cut
            self.write("stderr", "")


def _number(n):
    # TRANSLATORS: the thousands separator, as in "100,000 characters" (Spanish: a no-break space).
    return format(n, ",").replace(",", _(","))


class _Stream(io.TextIOBase):
    """sys.stdout / sys.stderr of a cell: every write goes out at once."""

    def __init__(self, output, name):
        super().__init__()
        self._output = output
        self._name = name

    @property
    def encoding(self):
        return "utf-8"

    @property
    def name(self):
        return "<%s>" % self._name

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        self._output.emit(self._name, text)
        return len(text)


class _NoInput(io.TextIOBase):
    """sys.stdin of a cell where nobody can answer: reading explains why."""

    def __init__(self, why):
        self._why = why

    def readable(self):
        return True

    def input(self, prompt=""):
        raise RuntimeError(self._why)

    def read(self, size=-1):
        self.input()

    def readline(self, size=-1):
        self.input()


class _Stdin(io.TextIOBase):
    """sys.stdin of a cell on a page that can wait for the learner: each line
    is what they type, until they end the input (Ctrl-D). Reading again after
    the end asks again, as a terminal does."""

    def __init__(self, read):
        self._read = read

    def readable(self):
        return True

    def readline(self, size=-1):
        line = self._read()
        if line is False:
            raise KeyboardInterrupt
        return "" if line is None else str(line) + "\n"

    def read(self, size=-1):
        return "".join(iter(self.readline, ""))


def _asking(output):
    """input() of a cell: the builtin's, except that the question shows even
    while an earlier cell this one builds on runs with its output hidden,
    since the learner has to answer it."""

    def input(prompt=""):
        muted, output.muted = output.muted, False
        try:
            sys.stdout.write(str(prompt))
            sys.stdout.flush()
        finally:
            output.muted = muted
        line = sys.stdin.readline()
        if not line:
            raise EOFError("EOF when reading a line")
        return line[:-1] if line.endswith("\n") else line

    return input


# Tracebacks -----------------------------------------------------------------

def _remember_source(filename, code):
    # Tracebacks look source lines up in linecache; an mtime of None keeps
    # checkcache() from discarding an entry that has no file behind it.
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)


def _learner_traceback(error, cells):
    """The traceback of `error` with only the frames a learner wrote."""
    try:
        report = traceback.TracebackException.from_exception(error)
        _keep_learner_frames(report, cells, set())
        return "".join(report.format()).rstrip("\n")
    # A broken __str__ or the like: still say something. BaseException too: Python 3.12's
    # traceback reads a NameError's own `name` for its guess, and a learner's property
    # there may raise SystemExit, which must not end the run's report.
    except BaseException:  # noqa: B036
        return "%s: %s" % (type(error).__name__, _safe_str(error))


def _keep_learner_frames(report, cells, seen):
    if report is None or id(report) in seen:
        return
    seen.add(id(report))
    report.stack = _LearnerStack(_learner_frames(report.stack, cells))
    _keep_learner_frames(report.__cause__, cells, seen)
    _keep_learner_frames(report.__context__, cells, seen)
    for inner in getattr(report, "exceptions", None) or ():
        _keep_learner_frames(inner, cells, seen)


def _learner_frames(frames, cells):
    """Cell frames as they are; each run of course-code frames as one frame."""
    kept = []
    for frame in frames:
        if frame.filename == COURSE_CODE:
            if kept and kept[-1].filename == COURSE_CODE:
                kept[-1] = frame  # keep the innermost: where it was raised
            else:
                kept.append(frame)
        elif frame.filename in cells:
            kept.append(frame)
    return kept


class _LearnerStack(traceback.StackSummary):
    def format_frame_summary(self, frame_summary, **kwargs):
        if frame_summary.filename == COURSE_CODE and frame_summary.name.startswith("_"):
            # A private helper of the course: its name and line say nothing to a learner.
            return "  [%s]\n" % _("in the course's code")
        if frame_summary.filename == COURSE_CODE:
            return "  [%s]\n" % (_("in the course's code: %(function)s, line %(line)s")
                                  % {"function": frame_summary.name, "line": frame_summary.lineno})
        return super().format_frame_summary(frame_summary, **kwargs)


def _safe_str(value):
    try:
        return str(value)
    except BaseException:  # noqa: B036 - learner code in __str__ may raise anything
        return "<%s>" % type(value).__name__


# open_url: the one place where CPython and Pyodide differ --------------------

def make_open_url(base_url, fetch_text):
    """An `open_url(url)` that returns the text at `url` as an io.StringIO.

    A leading "/" means the site's root, `base_url` (which ends with "/"), so
    "/courses/x.py" works whether the site is served at "/" or under a
    sub-path. Other relative URLs are also taken relative to `base_url`.
    """
    if not base_url.endswith("/"):
        base_url += "/"

    def open_url(url):
        url = str(url)
        if url.startswith("/") and not url.startswith("//"):
            full = base_url + url.lstrip("/")
        else:
            from urllib.parse import urljoin

            full = urljoin(base_url, url)
        return io.StringIO(fetch_text(full))

    return open_url


def local_open_url(py_root=None):
    """`open_url` for CPython: "/courses/..." reads `py_root`/courses/..."""
    from pathlib import Path

    root = Path(py_root) if py_root is not None else Path(__file__).resolve().parent.parent
    return make_open_url(root.resolve().as_uri() + "/", _read_file_url)


def browser_open_url(site_root):
    """`open_url` for Pyodide in a worker, against the site's absolute root URL.

    Made when the worker starts, before any learner code: it holds on to the
    worker's XMLHttpRequest, which a cell can overwrite in the `js` module."""
    from js import XMLHttpRequest  # only exists inside Pyodide

    # The site is static and a worker lives no longer than the page that built it,
    # so a file is fetched once per interpreter: a rerun of a cell that execs two
    # course files then makes no request at all.
    texts = {}

    def fetch_text(url):
        if url not in texts:
            texts[url] = _fetch_text_sync(url, XMLHttpRequest)
        return texts[url]

    return make_open_url(site_root, fetch_text)


def _read_file_url(url):
    from pathlib import Path
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    parts = urlsplit(url)
    if parts.scheme != "file":
        raise OSError(_("No network here: cannot open %(url)s") % {"url": url})
    path = Path(url2pathname(parts.path))
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(_("The file %(url)s does not exist") % {"url": url}) from None


def _fetch_text_sync(url, XMLHttpRequest):
    # A synchronous XMLHttpRequest is allowed in a worker and lets exec(open_url(...))
    # stay ordinary synchronous Python. pyodide.http.open_url does the same but
    # does not look at the status, so a 404 page would be exec'd as Python.
    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=utf-8")
    try:
        request.send(None)
    except Exception:
        raise OSError(_("Could not download %(url)s: check the connection.") % {"url": url}) from None
    if request.status == 404:
        raise FileNotFoundError(_("%(url)s does not exist (HTTP 404).") % {"url": url})
    if not 200 <= request.status < 300:
        raise OSError(_("Could not download %(url)s (HTTP %(status)s).") % {"url": url, "status": request.status})
    return request.responseText


# This module as imported: a cell can reach its classes (type(sys.stdout) is
# _Stream) and functions, and what it changes there is put back after each run.
_OWN_CLASSES = [(value, dict(value.__dict__)) for value in list(globals().values())
                if isinstance(value, type) and value.__module__ == __name__]
_OWN_FUNCTIONS = [_function_state(value) for value in list(globals().values())
                  if isinstance(value, types.FunctionType) and value.__module__ == __name__]


# Pyodide's time.sleep keeps the thread busy for the whole wait (Emscripten
# implements it by spinning): a learner's time.sleep(3) takes a core for three
# seconds, a phone's battery with it, and a stop cannot reach it. Beyond this, a
# time.sleep is one CPython refuses (OverflowError), so the original says so.
_LONGEST_SLEEP = 9e9


def sleep_without_spinning(wait):
    """Replace `time.sleep` by one that blocks on `wait(ms)`: the worker's wait
    (worker.js, sleepWaiter), which uses no CPU and returns True early when the
    page asks the running code to stop. The stop then arrives as it does for a
    loop: the interpreter's own check raises KeyboardInterrupt, here, within a
    few bytecodes. Made before any learner code runs; a cell may put the
    original back, and then only its own waits spin."""
    import time

    original = time.sleep

    def sleep(secs):
        if not isinstance(secs, (int, float)) or not 0 <= secs < _LONGEST_SLEEP:
            return original(secs)  # CPython's own TypeError, ValueError or OverflowError
        if wait(secs * 1000):
            for _ in range(10_000):  # the interpreter checks for a stop as it loops
                pass

    sleep.__name__ = sleep.__qualname__ = original.__name__
    sleep.__doc__ = original.__doc__
    time.sleep = sleep
