"""A deploy under an open lesson: the host replaces the site's folder with the next build
while a learner has «El bucle» open. The page keeps working on its own build (its service
worker keeps serving it, with or without the HTTP cache, online and offline), says that a
new version is there, and its reload brings the new build with the learner's code, quiz
answers and progress; a page whose build is gone says so instead of failing."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lessonsite import bench
from lesson_page import DONE, START, cell, editor, expect_code, open_lesson, output, replace_code

from test_offline import DAMAGE_THE_PRECACHE, IN_THE_PRECACHE, first_visit, solve_the_challenge
from tests.el_bucle import COMPROBACIONES

pytestmark = [pytest.mark.slow, pytest.mark.cold]

NEW_VERSION = "Hay una versión nueva de esta página."
STALE = "Esta página es de una versión anterior del curso: recárgala para seguir."
WORKER = re.compile(r'<meta name="worker-script" content="assets/(worker-[A-Z0-9]+\.js)">')
# The browser looks for a new sw.js at a navigation; a page open for long asks itself now
# and then (update.js). The test asks at once.
LOOK_FOR_AN_UPDATE = "navigator.serviceWorker.getRegistration().then((r) => r.update())"


def rewrite(path: Path, text: str) -> None:
    """A new file in place of `path` (which may be a hard link into the first build), without
    the compressed copies of the old one."""
    for stale in (path, path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")):
        stale.unlink(missing_ok=True)
    path.write_text(text, encoding="utf-8")


def next_build(site: Path, folder: Path) -> Path:
    """`site` as the build after a change to the worker's module would be, made from a copy
    instead of a second build: the worker has a new hashed name and the old one is gone, the
    site has a new version (runtime.stamp_version), the pages name both, cell 1 of «El bucle»
    starts with a line more, and sw.js lists the new worker and each changed file's new
    revision and integrity, so the browser sees a new service worker."""
    shutil.copytree(site, folder, copy_function=os.link)
    lesson = (folder / "courses" / "llm-agents" / "el-bucle" / "index.html").read_text(encoding="utf-8")
    old_worker = WORKER.search(lesson).group(1)
    old_integrity = integrity(folder / "assets" / old_worker)
    code = (folder / "assets" / old_worker).read_text(encoding="utf-8") + "\n// la versión siguiente\n"
    new_worker = f"worker-{hashlib.sha256(code.encode()).hexdigest()[:8].upper()}.js"
    for gone in (folder / "assets").glob(old_worker + "*"):
        gone.unlink()
    (folder / "assets" / new_worker).write_text(code, encoding="utf-8")
    manifest_path = folder / "runtime" / "lessonrt" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    old_version, new_version = manifest["version"], hashlib.sha256(code.encode()).hexdigest()[:16]
    sw = (folder / "sw.js").read_text(encoding="utf-8").replace(old_worker, new_worker)
    sw = sw.replace(old_integrity, integrity(folder / "assets" / new_worker))
    changed = [manifest_path, *(p for p in folder.rglob("*.html") if old_worker in p.read_text(encoding="utf-8"))]
    for path in changed:
        before = revision(path), integrity(path)
        text = path.read_text(encoding="utf-8").replace(old_worker, new_worker).replace(old_version, new_version)
        rewrite(path, with_new_starting_code(text) if path.parent.name == "el-bucle" else text)
        sw = sw.replace(before[0], revision(path)).replace(before[1], integrity(path))
    rewrite(folder / "sw.js", sw)
    return folder


LESSON_DATA = re.compile(r'(<script type="application/json" id="lesson-data">)(.*?)(</script>)', re.S)
NEW_STARTING_LINE = "# El código inicial de la versión siguiente.\n"


def with_new_starting_code(page: str) -> str:
    """The lesson page with a line more at the top of cell 1's starting code."""
    def change(match: re.Match) -> str:
        data = json.loads(match[2])
        data["cells"]["celda1"]["code"] = NEW_STARTING_LINE + data["cells"]["celda1"]["code"]
        return match[1] + json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c") + match[3]
    return LESSON_DATA.sub(change, page, count=1)


def revision(path: Path) -> str:
    """assets.py's revision of a file in the precache list."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def integrity(path: Path) -> str:
    """assets.py's SRI integrity of a file in the precache list."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


class Host:
    """A static host serving one folder, `live`, which a deploy replaces whole."""

    def __init__(self, tmp_path: Path, site: Path) -> None:
        self.tmp_path, self.live = tmp_path, tmp_path / "live"
        self.live.symlink_to(site, target_is_directory=True)
        self.served = bench.serve(self.live)
        self.url = self.served.url

    def deploy(self, site: Path) -> None:
        swap = self.tmp_path / "swap"
        swap.symlink_to(site, target_is_directory=True)
        os.replace(swap, self.live)

    def close(self) -> None:
        self.served.close()


@pytest.fixture
def host(tmp_path: Path, built_site: Path):
    served = Host(tmp_path, built_site)
    yield served
    served.close()


def clear_http_cache(context: BrowserContext, page: Page, browser_name: str) -> bool:
    """Empty the browser's HTTP cache, where the engine lets a test do it (Chromium)."""
    if browser_name != "chromium":
        return False
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    return True


# Marks the challenge's status once its text next changes: a grade has begun (it says
# «Preparando Python…» before anything else), so a verdict the same as the last one is
# this grade's, not the last one still on show.
NEXT_CHANGE = """status => {
  delete status.dataset.changed;
  const seen = new MutationObserver(() => {
    status.dataset.changed = "";
    seen.disconnect();
  });
  seen.observe(status, {childList: true, characterData: true, subtree: true});
}"""


def comprobar(page: Page, status: str | re.Pattern) -> None:
    region = page.get_by_role("region", name="Desafío")
    summary = region.get_by_role("status")
    summary.evaluate(NEXT_CHANGE)
    region.get_by_role("button", name="Comprobar").click()
    expect(summary).to_have_attribute("data-changed", "")
    expect(summary).to_have_text(status, timeout=START)


def test_an_open_lesson_keeps_working_across_a_deploy_and_its_reload_keeps_the_work(
        context: BrowserContext, page: Page, host: Host, built_site: Path, lesson_path: str, tmp_path: Path,
        browser_name: str, js_errors):
    # A second view of the lesson, so that the first build's service worker serves the page.
    # Before it, another script of the origin damages the service worker's copy: junk in
    # place of this page, another lesson's page gone. The page is served whole all the same,
    # and its check puts the missing page back.
    first_visit(page, host.url + lesson_path)
    other_lesson = "courses/llm-agents/que-es-un-agente/"
    page.evaluate(DAMAGE_THE_PRECACHE, [lesson_path, other_lesson])
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    page.wait_for_function(IN_THE_PRECACHE, arg=other_lesson, timeout=START, polling=200)
    expect(page.locator(".offline-note")).to_have_count(0)
    # A second tab of the lesson, open across the deploy too.
    other = context.new_page()
    open_lesson(other, host.url + lesson_path)
    page.bring_to_front()

    # The learner's work: their code in cell 1, a quiz answer, the challenge solved.
    region = cell(page, 1)
    mine = 'print("mi versión")\n'
    replace_code(page, region, 1, mine)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    question = page.get_by_role("region", name="Comprueba tu intuición").get_by_role("group").first
    question.get_by_role("radio").first.check()
    question.get_by_role("button", name="Comprobar respuesta").click()
    expect(question.get_by_role("status")).to_contain_text(re.compile("Correcto|Incorrecto"))
    answered = question.get_by_role("status").text_content()
    solve_the_challenge(page)
    total = page.get_by_role("region", name="Desafío").get_by_role("status").text_content()

    # The host deploys the next build; the open page learns of it and says so, quietly.
    host.deploy(next_build(built_site, tmp_path / "next"))
    page.evaluate(LOOK_FOR_AN_UPDATE)
    notice = page.get_by_role("status").filter(has_text=NEW_VERSION)
    expect(notice).to_be_visible(timeout=START)
    expect(notice).to_contain_text("«Restaurar»")
    old_worker = page.locator('meta[name="worker-script"]').get_attribute("content")

    # Without the HTTP cache, then offline: every new interpreter this page starts (each
    # Comprobar has one of its own, a stopped run may need one) is of the page's own build.
    cleared = clear_http_cache(context, page, browser_name)
    comprobar(page, total)
    comprobar(page, total)
    context.set_offline(True)
    js_errors.allow(r"Failed to load resource|ERR_INTERNET_DISCONNECTED|NetworkError|sw\.js")
    replace_code(page, region, 1, 'print("en marcha", flush=True)\nwhile True:\n    pass\n')
    region.get_by_role("button", name="Ejecutar").click()
    expect(output(region)).to_contain_text("en marcha", timeout=START)
    region.get_by_role("button", name="Detener").click()
    expect(region.get_by_role("status")).to_have_text("Ejecución detenida.")
    replace_code(page, region, 1, mine)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    expect(output(region)).to_have_text("mi versión")
    comprobar(page, total)
    context.set_offline(False)

    # Recargar: the new build, with the learner's work as they left it.
    notice.get_by_role("button", name="Recargar").click()
    expect(page.locator('meta[name="worker-script"]')).not_to_have_attribute("content", old_worker, timeout=START)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect(page.get_by_role("status").filter(has_text=NEW_VERSION)).to_have_count(0)
    expect_code(editor(cell(page, 1), 1), mine)
    # Cell 1's starting code changed in the new build: the learner's code is kept, a note
    # says so, Restaurar shows the new starting code and Deshacer brings theirs back.
    changed = region.get_by_role("note").filter(has_text="El código inicial de este ejercicio ha cambiado")
    expect(changed).to_be_visible()
    # The editor first: this made-up build changed the cell's code in the page's data but
    # not the static code the build draws for it, which a box without its editor shows.
    editor(region, 1).click()
    expect(region.locator(".cm-content")).to_be_attached()
    region.get_by_role("button", name="Restaurar").click()
    new_start = json.loads(page.locator("#lesson-data").text_content())["cells"]["celda1"]["code"]
    assert new_start.startswith(NEW_STARTING_LINE)
    expect_code(editor(region, 1), new_start)
    expect(changed).to_have_count(0)
    region.get_by_role("button", name="Deshacer").click()
    expect_code(editor(region, 1), mine)
    expect(question.get_by_role("status")).to_have_text(answered)
    expect(page.get_by_role("region", name="Desafío").get_by_text("Desafío resuelto")).to_be_visible()
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    expect(output(region)).to_have_text("mi versión")
    assert cleared or browser_name != "chromium"

    # The second tab, still of the first build, hears that another tab took the new one,
    # and its reload brings the new build with the learner's code too.
    other.bring_to_front()
    other_notice = other.get_by_role("status").filter(has_text=NEW_VERSION)
    expect(other_notice).to_be_visible(timeout=START)
    other_notice.get_by_role("button", name="Recargar").click()
    expect(other.locator('meta[name="worker-script"]')).not_to_have_attribute("content", old_worker, timeout=START)
    expect(other.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect_code(editor(cell(other, 1), 1), mine)


def test_a_page_whose_build_is_gone_says_so_instead_of_failing(new_context, host: Host, built_site: Path,
                                                              lesson_path: str, tmp_path: Path, browser_name: str,
                                                              js_errors):
    # No service worker keeps the first build here (a browser without them; the same holds
    # for a first visit, which no service worker controls).
    context = new_context(service_workers="block")
    js_errors.watch(page := context.new_page())
    open_lesson(page, host.url + lesson_path)
    region = cell(page, 1)
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    ran = output(region).text_content()

    host.deploy(next_build(built_site, tmp_path / "next"))
    # Chromium: the old worker's script is gone from the HTTP cache too, as from the host.
    clear_http_cache(context, page, browser_name)
    js_errors.allow(r"Failed to load resource|404")
    # The interpreter already running is whole: it runs on.
    region.get_by_role("button", name="Ejecutar").click()
    expect(region.get_by_role("status")).to_have_text(DONE, timeout=START)
    assert output(region).text_content() == ran
    # A new interpreter (a grade's) would mix two builds: the page says why, and offers the
    # reload. (The first Comprobar may find one started before the deploy, whole too.)
    challenge = page.get_by_role("region", name="Desafío")
    comprobar(page, re.compile(r"pruebas superadas$|versión anterior"))
    comprobar(page, STALE + " Tu código y tus respuestas se conservan.")
    notice = page.get_by_role("status").filter(has_text=NEW_VERSION)
    expect(notice).to_be_visible()
    # The reload brings the new build (its runs are test_an_open_lesson_...'s).
    old_worker = page.locator('meta[name="worker-script"]').get_attribute("content")
    notice.get_by_role("button", name="Recargar").click()
    expect(page.locator('meta[name="worker-script"]')).not_to_have_attribute("content", old_worker, timeout=START)
    expect(page.locator("html")).to_have_attribute("data-lesson-ready", "true")
    expect(page.get_by_role("status").filter(has_text=NEW_VERSION)).to_have_count(0)
    expect(challenge.get_by_role("status")).not_to_contain_text("versión anterior")


def test_a_first_visit_keeps_working_across_a_deploy(context: BrowserContext, page: Page, host: Host,
                                                     built_site: Path, lesson_path: str, tmp_path: Path,
                                                     browser_name: str, js_errors):
    # A first visit: no service worker served this page. Once the site is kept, the
    # service worker takes the page in charge, and keeps serving its build after a deploy.
    first_visit(page, host.url + lesson_path)
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=START)
    total = len(COMPROBACIONES)
    host.deploy(next_build(built_site, tmp_path / "next"))
    clear_http_cache(context, page, browser_name)
    # Two grades: the first may find a spare started before the deploy; the second is an
    # interpreter started after it, of the page's own build.
    solve_the_challenge(page)
    comprobar(page, f"{total} de {total} pruebas superadas")
    expect(page.get_by_text(STALE)).to_have_count(0)
