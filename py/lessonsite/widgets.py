"""Widget kinds, found by folder: web/widgets/<kind>/ is the kind named <kind>.

A kind's folder holds
    widget.html  its skeleton, put where lesson.md has its ```{widget} block:
                 one element that carries data-widget="<kind>", so its script finds it.
                 It is a Jinja2 template, filled as the pages' are (autoescaped, their
                 filters, an unknown name an error), given `data`, the hook's result
                 (None without one): drawing the widget's first state here means the
                 page does not move when the script takes over
    widget.js    its script, a bundle of its own, loaded only by the pages that use the
                 kind; it ends with defineWidget("<kind>", mount), imported from
                 "lessonrt/widgets.js" (web/src/widgets.js; "lessonrt/<m>.js" is any
                 module of web/src)
    widget.css   optional: its styles, a stylesheet of its own, linked the same way
    data.py      optional: its build-time hook, `widget_data(lesson_dir, courses_dir)`,
                 run in CPython while the page is built; what it returns (plain JSON
                 data) is in the lesson data as "widget", and the script gets it as
                 ctx.data. The file itself never reaches the site.

A lesson names its kind in lesson.toml (`widget = "<kind>"`).
"""

from __future__ import annotations

import json
import re
import sys
import traceback
import types
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from .layout import BuildError, Layout, check_python, rel

if TYPE_CHECKING:
    from .content import Lesson

KIND = re.compile(r"[a-z][a-z0-9-]*")
"""A kind's name, which is its folder's: it becomes part of the bundles' file names."""

FILES = {"widget.html": "its skeleton", "widget.js": "its script"}
"""The files every kind's folder must hold (widget.css and data.py are optional)."""

HOOK = "widget_data"


@dataclass(frozen=True)
class WidgetKind:
    """One folder of web/widgets/, checked."""

    name: str
    folder: Path
    skeleton: str
    script: Path
    style: Path | None
    hook: Path | None

    def data(self, lesson: Lesson, layout: Layout) -> Any:
        """What the kind's hook computes for `lesson`, as plain JSON data; None without a
        hook. Whatever the hook (or the lesson code it runs) raises goes through."""
        if self.hook is None:
            return None
        function = getattr(load_hook(self.hook), HOOK, None)
        if not callable(function):
            raise BuildError(f"{rel(self.hook)}: defines no {HOOK}(lesson_dir, courses_dir); "
                             f"the build calls it to compute the {self.name!r} widget's data for each "
                             "lesson that uses it")
        return json.loads(json.dumps(function(lesson.folder, layout.py_courses)))

    def draw(self, data: Any, env: jinja2.Environment) -> Markup:
        """The skeleton as the page shows it before the script runs, given the hook's `data`,
        filled by `env`, the pages' own template environment (render.environment)."""
        try:
            return Markup(env.from_string(self.skeleton).render(data=data).strip())
        except jinja2.TemplateError as error:  # names the template did not get, a filter that failed
            raise BuildError(f"{rel(self.folder / 'widget.html')}: {error.message}; the build gives the "
                             "skeleton only `data`, what data.py's widget_data returned (None without "
                             "a data.py)") from None


def load_hook(path: Path) -> types.ModuleType:
    """Execute a kind's data.py as a fresh module, every time: a module imported earlier (by
    the build or by a test) cannot hide the file on disk, and nothing is written beside it
    (no __pycache__ in web/)."""
    check_python(path)
    name = f"lessonsite_widget_{path.parent.name.replace('-', '_')}"
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module  # dataclasses and pickling look a module up by name
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    return module


def load_kind(folder: Path) -> WidgetKind:
    """Check one widget folder and return its kind; a broken folder is a BuildError that
    says what the folder needs."""
    name = folder.name
    if not KIND.fullmatch(name):
        raise BuildError(f"{rel(folder)}/: a widget kind's folder is named after the kind, in lower-case "
                         "letters, digits and -, starting with a letter; rename the folder")
    for file, what in FILES.items():
        if not (folder / file).is_file():
            raise BuildError(f"{rel(folder / file)}: missing ({what}); a widget kind's folder holds "
                             "widget.html (its skeleton) and widget.js (its script), and may hold "
                             "widget.css (its styles) and data.py (its build-time hook)")
    skeleton = (folder / "widget.html").read_text(encoding="utf-8").strip()
    if not re.search(rf"""\bdata-widget\s*=\s*["']{re.escape(name)}["']""", skeleton):
        raise BuildError(f"{rel(folder / 'widget.html')}: the skeleton's element must carry "
                         f"data-widget=\"{name}\": that is how its script finds it on the page")
    script = (folder / "widget.js").read_text(encoding="utf-8")
    if not re.search(rf"""\bdefineWidget\(\s*["']{re.escape(name)}["']""", script):
        raise BuildError(f"{rel(folder / 'widget.js')}: never calls defineWidget(\"{name}\", mount) "
                         "(import it from \"lessonrt/widgets.js\"); without it the page never mounts the widget")
    style, hook = folder / "widget.css", folder / "data.py"
    if hook.exists():
        check_python(hook)
    try:  # its syntax, checked before any page is drawn
        jinja2.Environment().parse(skeleton)
    except jinja2.TemplateSyntaxError as error:
        raise BuildError(f"{rel(folder / 'widget.html')}:{error.lineno}: template syntax: {error.message}") from None
    return WidgetKind(name=name, folder=folder, skeleton=skeleton, script=folder / "widget.js",
                      style=style if style.is_file() else None, hook=hook if hook.is_file() else None)


def widget_asset(kind: str, extension: str) -> str:
    """The key of a kind's bundle ("js" or "css") in the build's assets (assets.bundle_widgets)."""
    return f"widgets/{kind}.{extension}"


def discover(widgets: Path) -> dict[str, WidgetKind]:
    """Every widget kind under `widgets` (web/widgets/), by name; none when it does not exist."""
    if not widgets.is_dir():
        return {}
    return {p.name: load_kind(p) for p in sorted(widgets.iterdir())
            if p.is_dir() and not p.name.startswith((".", "_"))}


def kind_for(lesson: Lesson, kinds: dict[str, WidgetKind], widgets: Path) -> WidgetKind | None:
    """The kind `lesson` names in lesson.toml (None when it names none); an unknown name is a
    BuildError at lesson.toml that says where the kind's folder would be."""
    name = lesson.meta.get("widget")
    if name is None:
        return None
    if name not in kinds:
        known = f"known: {', '.join(sorted(kinds))}" if kinds else f"there is none in {rel(widgets)}/"
        raise BuildError(f"{rel(lesson.folder / 'lesson.toml')}: widget = {name!r} is unknown ({known}); "
                         f"name a known kind, or create the folder {rel(widgets / str(name))}/ with "
                         "widget.html and widget.js (see py/lessonsite/widgets.py)")
    return kinds[name]


def deepest_frame_under(error: BaseException, folders: tuple[Path, ...]) -> str:
    """`file:line` of the innermost frame of `error`'s traceback in a file under one of
    `folders` (the author's files, not the build's), or "" when there is none."""
    roots = [f.resolve() for f in folders]
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename)
        if path.is_file() and any(path.resolve().is_relative_to(r) for r in roots):
            return f"{rel(path)}:{frame.lineno}"
    return ""
