// Which of the standard library's files a site's Python needs, found by running it: Node
// starts the pinned Pyodide with its whole standard library, does what the page's worker
// does at start-up (the runtime, every challenge), runs a cell and grades each challenge's
// starting code, then imports every module the lessons' code names. It prints, as JSON, the
// archive path of each module that was loaded from the standard library ("modules") and the
// source to ship for each ("lean"): without comments, and, in the library's private modules
// and submodules, without docstrings (see lean() below). Leaning takes most of the run, and
// its result depends on the module's source alone, so the build keeps it: modules named in
// "leaned" are not leaned again, and "lean" leaves them out.
//
// Usage: node stdlib-trace.mjs <spec.json>. The spec (written by stdlib.py, trace_stdlib):
// {"pyodide": folder with pyodide.mjs, "runtime": {name: text}, "challenges": {key: {name:
// text}}, "courses": {path under /courses: text}, "grade": [[key, source]], "imports": [names],
// "leaned": [archive paths]}.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// Node's report of an uncaught error quotes the line it came from, all of Pyodide's
// minified module: the message alone is what an author needs.
process.on("uncaughtException", (error) => {
  process.stderr.write(String(error?.message ?? error) + "\n");
  process.exit(1);
});

const spec = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const folder = spec.pyodide.endsWith("/") ? spec.pyodide : spec.pyodide + "/";
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: folder, stdout: () => {}, stderr: () => {} });

const write = (path, text) => {
  py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  py.FS.writeFile(path, text);
};
for (const [name, text] of Object.entries(spec.runtime)) write("/lessonrt/lessonrt/" + name, text);
for (const [key, parts] of Object.entries(spec.challenges)) {
  for (const [name, text] of Object.entries(parts)) write(`/lessonrt/desafios/${key}/${name}`, text);
}
for (const [path, text] of Object.entries(spec.courses)) write("/site/courses/" + path, text);
py.globals.set("spec", py.toPy({ challenges: Object.keys(spec.challenges), grade: spec.grade, imports: spec.imports,
  leaned: spec.leaned ?? [] }));
// Each step on its own: one that fails (a runtime without a grader, a challenge that does
// not load) leaves out only what it would have imported. The build reports such faults
// itself, with their file and line; the finder fetches whatever was missed.
const found = py.runPython(String.raw`
import importlib, json, sys
sys.path.insert(0, "/lessonrt")

def step(work, *args, **kwargs):
    try:
        return work(*args, **kwargs)
    except BaseException:
        return None

runner = step(importlib.import_module, "lessonrt.runner")
grading = step(importlib.import_module, "lessonrt.grading")
registry = step(importlib.import_module, "lessonrt.grading.registry")
for key in spec["challenges"]:
    if registry is not None:
        step(registry.carga, key, "/lessonrt/desafios/" + key)
if runner is not None:
    # As the page's open_url does, with no request: the CPython one (local_open_url) would
    # import urllib.request, which the page never needs.
    open_url = runner.make_open_url("file:///site/", lambda url: open(url[len("file://"):], encoding="utf-8").read())
    # What a run and a failed run use: output, a traceback shown to the learner.
    step(runner.run_cell, "print('hola')\nx = [1, 2]\nx[5]\n", open_url=open_url, write=lambda *a: None)
    if grading is not None:
        for key, source in spec["grade"]:
            step(grading.grade, source, open_url=open_url, challenge=key, time_limit=2.0)
for name in spec["imports"]:
    step(importlib.import_module, name)
zipped = [p for p in sys.path if p.endswith(".zip")][0] + "/"
origins = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(zipped):
        origins.add(origin[len(zipped):])

# The first archive is on a phone's critical path, and a third of its bytes are comments and
# docstrings. Comments go everywhere. Docstrings go only where a learner's help() never looks:
# private modules (a part of the path starting with "_") and a package's submodules; a
# public module (json, random, typing...) keeps them. Each one blanked keeps its line breaks,
# so line numbers in tracebacks are the library's own. The result is checked here, with this
# Python's own parser: the same tree once docstrings are set to "", every node on the same
# line and column, or the file is shipped as it was.
import ast, io, tokenize, zipimport

def public(path):
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return len(parts) == 1 and not parts[0].startswith("_")

STATEMENT_START = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}

def lean(source, docstrings):
    lines = io.StringIO(source).readlines()  # as tokenize counts them: form feeds are no line break
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    cuts = []  # (start, end, replacement), applied from the last
    for i, token in enumerate(tokens):
        if token.type == tokenize.COMMENT and token.start[0] > 2:  # lines 1-2 may say the encoding
            cuts.append((token.start, token.end, ""))
        elif (docstrings and token.type == tokenize.STRING and (i == 0 or tokens[i - 1].type in STATEMENT_START)
              and tokens[i + 1].type == tokenize.NEWLINE):
            cuts.append((token.start, token.end, '""' + "\n" * (token.end[0] - token.start[0])))
    for (row, col), (end_row, end_col), text in reversed(cuts):
        head, tail = lines[row - 1][:col], lines[end_row - 1][end_col:]
        lines[row - 1:end_row] = [head + text + (tail.lstrip(" ") if "\n" in text else tail)]
    return "".join(line[:-1].rstrip(" \t") + "\n" if line.endswith("\n") else line for line in lines)

def shape(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            node.value.value = ""
    places = [(type(n).__name__, n.lineno, n.col_offset) for n in ast.walk(tree) if isinstance(n, ast.stmt)]
    return ast.dump(tree), places

archive = zipimport.zipimporter(zipped)
shipped = {}
for path in sorted(origins.difference(spec["leaned"])):
    source = archive.get_data(path).decode("utf-8")
    try:
        text = lean(source, docstrings=not public(path))
        if shape(ast.parse(text)) != shape(ast.parse(source)):
            text = source
    except (SyntaxError, tokenize.TokenError, IndentationError, ValueError):
        text = source
    shipped[path] = text
json.dumps({"modules": sorted(origins), "lean": shipped})
`);
process.stdout.write(found + "\n");
