"""Widget kinds: the skeleton each renders and the data its hook computes at build time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .layout import BuildError, Layout, rel
from .runtime import import_runtime_module

if TYPE_CHECKING:  # content imports this module to know the widget kinds
    from .content import Lesson


WIDGET_LABEL = "Traza del bucle"


def render_traza_widget() -> str:
    """Skeleton of the loop-trace widget; widget.js fills the view from the lesson data."""
    return "\n".join([
        f'<section class="widget" aria-label="{WIDGET_LABEL}" data-widget="traza">',
        '<div class="widget-controls">',
        '<label class="widget-tope">Tope <input type="number" aria-label="Tope" min="1" max="10" value="10"></label>',
        '<button type="button" data-action="back">Retrocede</button>',
        '<button type="button" data-action="forward">Avanza</button>',
        '<button type="button" data-action="restart">Reinicia</button>',
        '<button type="button" data-action="model-view" aria-pressed="false">Lo que ve el modelo</button>',
        '</div>',
        '<div class="widget-view" aria-live="polite"></div>',
        '</section>',
    ])


def traza_data(lesson: Lesson, layout: Layout) -> Any:
    """The widget's trace for every tope, computed in CPython by the lesson's own code
    through `lessonrt.traza.trace_for_lesson(lesson_dir, courses_dir)`, where courses_dir
    is py/courses (so "/courses/llm-agents/x.py" maps to courses_dir / "llm-agents/x.py")."""
    module = import_runtime_module("traza", layout, f"{rel(lesson.folder / 'lesson.toml')} has widget = \"traza\"")
    if not hasattr(module, "trace_for_lesson"):
        raise BuildError(f"{rel(layout.runtime / 'traza.py')}: has no trace_for_lesson(lesson_dir, courses_dir)")
    return module.trace_for_lesson(lesson.folder, layout.py_courses)


@dataclass(frozen=True)
class Widget:
    """A widget kind: its server-rendered skeleton and the hook computing its data at build time."""

    render: Callable[[], str]
    data: Callable[[Lesson, Layout], Any]


WIDGETS: dict[str, Widget] = {"traza": Widget(render=render_traza_widget, data=traza_data)}
"""Widget hooks by the name lesson.toml gives in `widget = "..."`. Add a kind here."""


def deepest_frame_under(error: BaseException, folders: tuple[Path, ...]) -> str:
    """`file:line` of the innermost frame of `error`'s traceback in a file under one of
    `folders` (the author's files, not the build's), or "" when there is none."""
    import traceback

    roots = [f.resolve() for f in folders]
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename)
        if path.is_file() and any(path.resolve().is_relative_to(r) for r in roots):
            return f"{rel(path)}:{frame.lineno}"
    return ""
