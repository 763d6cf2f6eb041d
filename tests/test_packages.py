"""The build's packages (py/lessonsite/packages.py): pins in lesson.toml, the course's
packages.lock, the wheels pip fetches for Pyodide and the site's pyodide-lock.json. The wheels
here are made by the test and served from a folder (pip's --find-links): no network."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from pathlib import Path

import pytest

from lessonsite.content import load_courses
from lessonsite.layout import ROOT, BuildError
from lessonsite.packages import MICROPIP, build_packages, pyodide_info, runs_in_pyodide


def make_wheel(index: Path, name: str, version: str, tag: str = "py3-none-any", requires: tuple = ()) -> Path:
    """A minimal wheel of a package `name` with one module of the same name."""
    module = name.replace("-", "_")
    stem = f"{module}-{version}"
    path = index / f"{stem}-{tag}.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr(f"{module}/__init__.py", f"NOMBRE = {name!r}\n")
        wheel.writestr(f"{stem}.dist-info/METADATA", meta)
        wheel.writestr(f"{stem}.dist-info/WHEEL", f"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: {tag}\n")
        wheel.writestr(f"{stem}.dist-info/RECORD", "")
    return path


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def index(tmp_path: Path) -> Path:
    folder = tmp_path / "index"
    folder.mkdir()
    make_wheel(folder, *MICROPIP)
    make_wheel(folder, "lrt-hoja", "1.0")
    make_wheel(folder, "lrt-rama", "2.0", requires=("lrt-hoja==1.0",))
    return folder


def pin(lesson: Path, *pins: str) -> None:
    toml = lesson / "lesson.toml"
    text = toml.read_text(encoding="utf-8")
    first_table = text.index("\n[")
    packages = "packages = [" + ", ".join(f'"{p}"' for p in pins) + "]\n"
    toml.write_text(text[:first_table + 1] + packages + text[first_table + 1:], encoding="utf-8")


def lock(course: Path, index: Path, **overrides: str) -> Path:
    lines = ["# test lock"]
    for wheel in sorted(index.glob("*.whl")):
        name, version = wheel.name.split("-")[:2]
        name = name.replace("_", "-")
        lines.append(f"{name}=={version} --hash=sha256:{overrides.get(name, sha(wheel))}")
    path = course / "packages.lock"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def build(fixture_layout, tmp_path: Path, index: Path):
    return build_packages(load_courses(fixture_layout.web_courses), tmp_path / "out", ROOT / "node_modules",
                          index=index)


def test_runs_in_pyodide_takes_pure_wheels_and_pyodides_platform_only():
    info = pyodide_info(ROOT / "node_modules")
    assert runs_in_pyodide("six-1.17.0-py2.py3-none-any.whl", info)
    assert runs_in_pyodide("x-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl", info)
    assert runs_in_pyodide("x-1.0-cp314-cp314-emscripten_5_0_3_wasm32.whl", info)
    assert not runs_in_pyodide("x-1.0-cp314-cp314-manylinux_2_28_x86_64.whl", info)
    assert not runs_in_pyodide("x-1.0-cp313-cp313-pyemscripten_2026_0_wasm32.whl", info)
    assert not runs_in_pyodide("x-1.0-py2-none-any.whl", info)


def test_a_site_without_packages_writes_nothing(fixture_layout, tmp_path):
    site = build(fixture_layout, tmp_path, tmp_path)
    assert site.lock_url is None and site.lessons == {} and not (tmp_path / "out").exists()


def test_the_site_serves_the_locked_wheels_with_a_pyodide_lock(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-rama==2.0")
    lock(fixture_lesson.parent, index)
    site = build(fixture_layout, tmp_path, index)
    assert site.lessons == {"demo/primera": ["lrt-rama"]}
    assert site.lock_url == "packages/pyodide-lock.json"
    written = json.loads((tmp_path / "out" / "packages" / "pyodide-lock.json").read_text())
    assert written["info"] == pyodide_info(ROOT / "node_modules")
    assert sorted(written["packages"]) == ["lrt-hoja", "lrt-rama", "micropip"]
    rama = written["packages"]["lrt-rama"]
    assert rama["depends"] == ["lrt-hoja"] and rama["file_name"] == "lrt_rama-2.0-py3-none-any.whl"
    assert rama["sha256"] == sha(index / "lrt_rama-2.0-py3-none-any.whl")
    assert (tmp_path / "out" / "packages" / rama["file_name"]).is_file()


def test_a_range_instead_of_a_pin_names_the_line(fixture_layout, fixture_lesson):
    pin(fixture_lesson, "lrt-rama>=2")
    toml = fixture_lesson / "lesson.toml"
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line_of(toml, 'lrt-rama')}: .*pin an exact version"):
        load_courses(fixture_layout.web_courses)


def test_a_pin_the_lock_does_not_hold_names_the_line_and_the_command(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-rama==2.1")
    lock(fixture_lesson.parent, index)
    toml = fixture_lesson / "lesson.toml"
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line_of(toml, 'lrt-rama')}: lrt-rama==2\.1 is not in "
                                         r".*packages\.lock \(it locks lrt-rama==2\.0\).*python build\.py lock"):
        build(fixture_layout, tmp_path, index)


def test_a_missing_lock_is_an_error(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-rama==2.0")
    with pytest.raises(BuildError, match=r"packages\.lock, which is missing: write it with `python build\.py lock`"):
        build(fixture_layout, tmp_path, index)


def test_a_wheel_whose_hash_is_not_the_locks_is_refused(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-rama==2.0")
    path = lock(fixture_lesson.parent, index, **{"lrt-hoja": "0" * 64})
    with pytest.raises(BuildError, match=rf"packages\.lock:{line_of(path, 'lrt-hoja')}: lrt_hoja-1\.0-py3-none-any"
                                         r"\.whl has sha256 [0-9a-f]{64}, but the lock says 0{64}"):
        build(fixture_layout, tmp_path, index)


def test_a_package_with_only_compiled_wheels_is_refused(fixture_layout, fixture_lesson, tmp_path, index):
    wheel = make_wheel(index, "lrt-nativo", "1.0", tag="cp314-cp314-manylinux_2_28_x86_64")
    pin(fixture_lesson, "lrt-nativo==1.0")
    path = lock(fixture_lesson.parent, index)
    with pytest.raises(BuildError, match=rf"packages\.lock:{line_of(path, 'lrt-nativo')}: lrt-nativo==1\.0: pip "
                                         "finds no wheel of lrt-nativo that runs in Pyodide"):
        build(fixture_layout, tmp_path, index)
    assert wheel.is_file()


def test_an_unknown_package_is_refused(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-ninguno==1.0")
    path = lock(fixture_lesson.parent, index)
    path.write_text(path.read_text() + f"lrt-ninguno==1.0 --hash=sha256:{'1' * 64}\n")
    with pytest.raises(BuildError, match=r"packages\.lock:\d+: lrt-ninguno==1\.0: pip finds no wheel .*check the "
                                         "name's spelling"):
        build(fixture_layout, tmp_path, index)


def test_a_dependency_the_lock_leaves_out_fails_the_build(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-rama==2.0")
    path = lock(fixture_lesson.parent, index)
    path.write_text("".join(l + "\n" for l in path.read_text().splitlines() if "lrt-hoja" not in l))
    with pytest.raises(BuildError, match=r"packages\.lock.*lrt-hoja.*python build\.py lock"):
        build(fixture_layout, tmp_path, index)


def test_the_lesson_page_names_its_packages(packages_page):
    assert re.search(r'<meta name="lesson-packages" content="python-dateutil">', packages_page)


@pytest.fixture(scope="module")
def packages_page(tmp_path_factory) -> str:
    from lessonsite.builder import build_site
    from tests.packages_site import packages_layout

    out = build_site(packages_layout(), tmp_path_factory.mktemp("packages") / "dist").out
    page = (out / "courses" / "paquetes" / "fechas" / "index.html").read_text(encoding="utf-8")
    assert not re.search("lesson-packages", (out / "courses" / "paquetes" / "index.html").read_text())
    return page


def test_a_version_that_does_not_exist_lists_those_that_do(fixture_layout, fixture_lesson, tmp_path, index):
    pin(fixture_lesson, "lrt-hoja==1.5")
    path = lock(fixture_lesson.parent, index)
    path.write_text(path.read_text().replace("lrt-hoja==1.0", "lrt-hoja==1.5"))
    with pytest.raises(BuildError, match=rf"packages\.lock:{line_of(path, 'lrt-hoja')}: lrt-hoja==1\.5: lrt-hoja has "
                                         r"no version 1\.5 .*those that have one: 1\.0"):
        build(fixture_layout, tmp_path, index)
