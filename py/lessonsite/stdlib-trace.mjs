// Which of the standard library's files a site's Python needs, found by running it: Node
// starts the pinned Pyodide with its whole standard library, does what the page's worker
// does at start-up (the runtime, every challenge), runs a cell and grades each challenge's
// starting code, then imports every module the lessons' code names. It prints the archive
// paths of the modules that were loaded from the standard library, as JSON.
//
// Usage: node stdlib-trace.mjs <spec.json>. The spec (written by stdlib.py, trace_stdlib):
// {"pyodide": folder with pyodide.mjs, "runtime": {name: text}, "challenges": {key: {name:
// text}}, "courses": {path under /courses: text}, "grade": [[key, source]], "imports": [names]}.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

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
py.globals.set("spec", py.toPy({ challenges: Object.keys(spec.challenges), grade: spec.grade, imports: spec.imports }));
const found = py.runPython(String.raw`
import importlib, json, sys
sys.path.insert(0, "/lessonrt")
import lessonrt.runner as runner
import lessonrt.grading as grading
from lessonrt.grading import registry
for key in spec["challenges"]:
    registry.carga(key, "/lessonrt/desafios/" + key)
# As the page's open_url does, with no request: the CPython one (local_open_url) would
# import urllib.request, which the page never needs.
open_url = runner.make_open_url("file:///site/", lambda url: open(url[len("file://"):], encoding="utf-8").read())
# What a run and a failed run use: output, a traceback shown to the learner.
runner.run_cell("print('hola')\nx = [1, 2]\nx[5]\n", open_url=open_url, write=lambda *a: None)
for key, source in spec["grade"]:
    try:
        grading.grade(source, open_url=open_url, challenge=key, time_limit=2.0)
    except Exception:
        pass
for name in spec["imports"]:
    try:
        importlib.import_module(name)
    except BaseException:
        pass
zipped = [p for p in sys.path if p.endswith(".zip")][0] + "/"
origins = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(zipped):
        origins.add(origin[len(zipped):])
json.dumps(sorted(origins))
`);
process.stdout.write(found + "\n");
