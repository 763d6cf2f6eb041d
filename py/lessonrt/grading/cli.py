"""The command line's grading: `python build.py grade FILE [--challenge COURSE/LESSON]`.

The grading runs in a child Python, so nothing the learner's code does (not
even a loop inside C code, or os._exit()) can hang or end this process. The
child reads its job from stdin and writes each event, marked with a nonce, to
a private copy of stdout; fd 1 itself goes to /dev/null.
"""

import io
import json
import os
import sys
import time

from lessonrt.grading import registry as registro
from lessonrt.grading import textos as T
from lessonrt.grading.engine import ESTRICTO, _resultado, grade, protege
from lessonrt.i18n import _, language, ngettext, set_language


def open_url_local(url, *, raiz=None):
    """open_url for CPython: "/courses/llm-agents/x.py" reads py/courses/llm-agents/x.py."""
    raiz = raiz or _RAIZ_PY
    partes = str(url).split("?", 1)[0].lstrip("/").split("/")
    if partes[0] != "courses" or any(p in ("", ".", "..") for p in partes):
        raise OSError(_("Cannot open %(url)s: there are only files under /courses/.") % {"url": url})
    try:
        with open(os.path.join(raiz, *partes), encoding="utf-8") as f:
            return io.StringIO(f.read())
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise FileNotFoundError(_("%(url)s does not exist.") % {"url": url}) from None


_RAIZ_PY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def grade_file(path, *, challenge=None, time_limit=2.0, timeout=None, escribe=None, cursos=None,
               lang=None):
    """Grade a file from the command line; print one line per check and the
    summary. Returns 0 when every check passes, 1 when any fails, 2 when the
    file cannot be read. The grading runs in a child process, so nothing the
    learner's code does (not even a loop inside C code) can hang this one:
    `timeout` (seconds) bounds each step, by default a generous 2 × time_limit + 3.
    `cursos` is the folder that holds courses/ (a site's py/; by default this package's).
    `lang` is the language of the messages (here and in the child); None: the course's
    (the `lang` of the course.toml beside the challenge's lesson)."""
    escribe = escribe or _escribe
    if lang is not None:
        set_language(lang)
    try:
        desafio = registro.desafio(challenge if challenge is not None else registro.primero())
    except registro.DesafioMal as problema:
        escribe(str(problema), error=True)
        return 2
    if lang is None:
        set_language(idioma_del_curso(desafio.carpeta))
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except FileNotFoundError:
        escribe(_("The file %(path)s does not exist.") % {"path": path}, error=True)
        return 2
    except (OSError, UnicodeDecodeError) as problema:
        escribe(_("Cannot read %(path)s: %(problem)s") % {"path": path, "problem": problema}, error=True)
        return 2
    paso = timeout if timeout is not None else 2 * time_limit + 3

    def al_decidir(check):
        marca = "✓" if check["passed"] else "✗"
        lineas = check["message"].splitlines() or [""]
        escribe("%s %s — %s" % (marca, check["title"], lineas[0]))
        for linea in lineas[1:]:
            escribe("    " + linea)

    resultado = _en_hijo(source, desafio, time_limit, paso, al_decidir, cursos)
    if resultado["error"]:
        escribe("")
        for linea in resultado["error"].splitlines():
            escribe(linea)
        for check in resultado["checks"]:
            if not check.get("_mostrado"):
                al_decidir(check)
    escribe(ngettext("%(passed)d of %(total)d check passed", "%(passed)d of %(total)d checks passed",
                     resultado["total"]) % {"passed": resultado["passed"], "total": resultado["total"]})
    return 0 if resultado["solved"] else 1


def show_domain(challenge, *, n=12, ancho=72, escribe=None):
    """Print, for each dimension of a challenge's domain, the first `n` values the grader
    draws from it, each shortened to `ancho` characters, so that its author sees the edges
    the grading tries. The dimensions are the checks module's DOMAIN ({name: generator}) when
    it declares one, else every public generator at its top level, and the `case` of each
    Differential (shown with its `describe`). Returns 0, or 2 when there is none."""
    from lessonrt.grading import differential as D
    from lessonrt.grading import generators as G

    escribe = escribe or _escribe
    try:
        desafio = registro.desafio(challenge)
    except registro.DesafioMal as problema:
        escribe(str(problema), error=True)
        return 2
    modulo = desafio.modulo
    declarado = getattr(modulo, "DOMAIN", None)
    dimensiones = []  # (name, generator, seed, how a value reads)
    bordes = []  # (name, the author's own edge cases, how one reads): run before any drawn case
    if declarado is not None:
        dimensiones = [(k, g, 0, None) for k, g in dict(declarado).items()]
    else:
        for nombre, valor in vars(modulo).items():
            if nombre.startswith("_"):
                continue
            if isinstance(valor, G.Generador):
                dimensiones.append((nombre, valor, 0, None))
            elif isinstance(valor, D.Differential):
                dimensiones.append((nombre + ".case", valor.case, valor.semilla, valor.describe))
                if valor.bordes:
                    bordes.append((nombre + ".edges", valor.bordes, valor.describe))
    if not dimensiones:
        escribe("%s: its checks declare no domain (no DOMAIN, no generator at the top level of "
                "checks.py)" % challenge, error=True)
        return 2

    def texto(valor, describe):
        try:
            s = describe(valor) if describe is not None else repr(valor)
        except Exception as e:
            return "<%s cannot be shown: %s: %s>" % (type(valor).__name__, type(e).__name__, e)
        return s if isinstance(s, str) else "<%s whose repr is not a str>" % type(valor).__name__

    def lee(valor, describe):
        s = texto(valor, describe).replace("\n", "\\n")  # a multi-line description stays on its line
        return s if len(s) <= ancho else s[:ancho - 1] + "…"

    escribe("%s: %d %s, the first %d values of each as the grader draws them (the "
            "simplest first)" % (challenge, len(dimensiones),
                                 "dimension" if len(dimensiones) == 1 else "dimensions", n))
    for nombre, generador, semilla, describe in dimensiones:
        escribe("")
        escribe(nombre)
        for valor in G.sample(generador, n, semilla):
            escribe("    " + lee(valor, describe))
    for nombre, casos, describe in bordes:
        escribe("")
        escribe("%s: the %d edge cases its author wrote (edges=), run before the drawn ones%s"
                % (nombre, len(casos), "; the first %d" % n if len(casos) > n else ""))
        for k, valor in enumerate(casos[:n], 1):
            # In full, a line each, as the learner's failing case shows it: their first
            # characters are alike, what sets each apart comes later.
            lineas = texto(valor, describe).splitlines() or [""]
            if len(lineas) > 8:
                lineas = lineas[:7] + ["… (%d more lines)" % (len(lineas) - 7)]
            for i, linea in enumerate(lineas):
                linea = ("%3d. " % k if i == 0 else "     ") + linea
                escribe("  " + (linea if len(linea) <= ancho + 8 else linea[:ancho + 7] + "…"))
    return 0


def idioma_del_curso(carpeta):
    """The `lang` of the course.toml one folder above a lesson's, or the language already set."""
    import tomllib

    indice = os.path.join(os.path.dirname(os.path.abspath(carpeta)), "course.toml")
    try:
        with open(indice, "rb") as f:
            return tomllib.load(f).get("lang") or language()
    except (OSError, tomllib.TOMLDecodeError):
        return language()


def _escribe(texto, error=False):
    destino = sys.stderr if error else sys.stdout
    try:
        print(texto, file=destino, flush=True)
    except UnicodeEncodeError:
        codificacion = getattr(destino, "encoding", None) or "ascii"
        print(texto.encode(codificacion, "backslashreplace").decode(codificacion),
              file=destino, flush=True)


def _en_hijo(source, desafio, time_limit, paso, al_decidir, cursos=None):
    """Run grade() in a child Python and follow it. Each line the child writes
    that starts with this run's nonce is a JSON event; anything else is ignored."""
    import queue
    import secrets
    import subprocess
    import tempfile
    import threading

    nonce = "@" + secrets.token_hex(16) + " "
    raiz = _RAIZ_PY
    entorno = dict(os.environ)
    entorno["PYTHONPATH"] = os.pathsep.join(p for p in (raiz, entorno.get("PYTHONPATH")) if p)
    entorno["PYTHONIOENCODING"] = "utf-8"
    hechas, final = [], None
    with tempfile.TemporaryFile() as errores:
        hijo = subprocess.Popen(
            [sys.executable, "-c", "import lessonrt.grading.cli as g; g._hijo()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errores, env=entorno)
        eventos = queue.Queue()

        def lee():
            for linea in hijo.stdout:
                eventos.put(linea)
            eventos.put(None)

        lector = threading.Thread(target=lee, daemon=True)
        lector.start()
        try:
            hijo.stdin.write(json.dumps({"nonce": nonce, "source": source, "challenge": desafio.clave,
                                         "carpeta": desafio.carpeta, "cursos": cursos,
                                         "lang": language(),
                                         "time_limit": time_limit}).encode("utf-8"))
            hijo.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        motivo = None
        limite = time.monotonic() + 15  # starting Python and importing the grader
        try:
            while final is None:
                try:
                    linea = eventos.get(timeout=max(0.0, limite - time.monotonic()))
                except queue.Empty:
                    motivo = "tiempo"
                    break
                if linea is None:
                    motivo = "murió"
                    break
                texto = linea.decode("utf-8", "replace")
                if not texto.startswith(nonce):
                    continue
                evento = json.loads(texto[len(nonce):])
                if "empieza" in evento:
                    limite = time.monotonic() + paso
                elif "vivo" in evento:
                    limite = time.monotonic() + paso  # a long check is still going (engine.grade, on_alive)
                elif "check" in evento:
                    check = evento["check"]
                    hechas.append(check)
                    al_decidir(check)
                    check["_mostrado"] = True
                    limite = time.monotonic() + paso
                elif "fin" in evento:
                    final = evento["fin"]
        finally:
            if hijo.poll() is None:
                hijo.kill()
            hijo.wait()
        if final is not None:
            for check, mostrado in zip(final["checks"], hechas):
                check["_mostrado"] = mostrado.get("_mostrado", False)
            return final
        errores.seek(0)
        detalle = errores.read().decode("utf-8", "replace").strip().splitlines()[-12:]
    if motivo == "tiempo":
        error = (_("Your code did not finish in %(seconds)s s and the check was stopped: a loop "
                   "that never ends, or a very long operation.") % {"seconds": T.segundos(paso)})
        actual = _("your code did not finish and the check was stopped")
    else:
        error = _("The Python process that was checking your code ended abruptly "
                  "(os._exit() or something like it?).")
        actual = _("the Python process ended abruptly")
        if detalle and os.environ.get(ESTRICTO) == "1":
            error += "\n" + "\n".join(detalle)
    resultado = _resultado(desafio, hechas, error=error, motivo=actual)
    for check in resultado["checks"][: len(hechas)]:
        check["_mostrado"] = True
    return resultado


def _hijo():
    """The child process of grade_file: read the job from stdin, grade, and
    write each event to a private copy of stdout (fd 1 itself goes to
    /dev/null, so the learner's code cannot write there)."""
    trabajo = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    nonce = trabajo["nonce"]
    salida = os.dup(1)
    nulo = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nulo, 1)
    escribe, dumps = os.write, json.dumps

    def emite(evento):
        escribe(salida, (nonce + dumps(evento, ensure_ascii=False) + "\n").encode("utf-8"))

    set_language(trabajo.get("lang") or "en")
    registro.carga(trabajo["challenge"], trabajo["carpeta"])  # before any learner code
    emite({"empieza": True})
    cursos = trabajo.get("cursos")

    def abre(url):
        return open_url_local(url, raiz=cursos)

    resultado = grade(trabajo["source"], open_url=abre, challenge=trabajo["challenge"],
                      time_limit=trabajo["time_limit"], on_check=lambda c: emite({"check": c}),
                      on_alive=lambda: emite({"vivo": True}))
    emite({"fin": resultado})
    os._exit(0)


# Guarded like the engine's own modules (learner code must not change how the next file is
# graded, nor where open_url_local reads): the snapshot is of this module as it is now,
# every name above defined, before any learner code runs.
protege(sys.modules[__name__])

if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print("uso: python -m lessonrt.grading.cli FICHERO [CURSO/LECCIÓN]", file=sys.stderr)
        raise SystemExit(2)
    raise SystemExit(grade_file(sys.argv[1], challenge=sys.argv[2] if len(sys.argv) == 3 else None))
