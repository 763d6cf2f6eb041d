"""The languages a course can be written in: those with a complete set of message catalogs,
one per domain: the page's (web/locale/<lang>/LC_MESSAGES/site.po) and, where the runtime has
catalogs (py/lessonrt/locale/<lang>/LC_MESSAGES/), the runtime's and grader's too."""

from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]


def catalog_languages(locale: Path) -> set[str]:
    """The languages with at least one catalog under `locale` (<lang>/LC_MESSAGES/*.po)."""
    return {path.parent.parent.name for path in locale.glob("*/LC_MESSAGES/*.po")}


def available_languages(root: Path = _ROOT) -> tuple[str, ...]:
    found = catalog_languages(root / "web" / "locale")
    runtime = root / "py" / "lessonrt" / "locale"
    if runtime.is_dir():
        found &= catalog_languages(runtime)
    return tuple(sorted(found))


# BCP 47 tags. A course's `lang` must be one of them.
LANGUAGES = available_languages()
