"""The fixture course whose lessons load packages (tests/fixtures/packages), as a Layout with
the repository's runtime, page shell and npm packages. Its packages.lock is committed; the
build fetches the wheels it names from PyPI (or the wheel cache) and checks their hashes."""

from __future__ import annotations

from pathlib import Path

from lessonsite.layout import ROOT, Layout

PACKAGES_FIXTURE = ROOT / "tests" / "fixtures" / "packages"


def packages_layout(root: Path = PACKAGES_FIXTURE) -> Layout:
    return Layout.courses_only(root)
