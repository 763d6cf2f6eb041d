"""What the grader says, in the course's language, whatever the challenge: short forms of
values, the learner's lines in a traceback, errors before any check.

Everything here works on plain data already frozen by the guard (lists,
tuples, dicts, strings, numbers, None and Ajeno), never on learner objects.
"""

import re

from lessonrt.explain import compiler_words, explanation_of
from lessonrt.grading.guard import Ajeno
from lessonrt.i18n import N_, _, language, ngettext


def corta(texto, ancho=48):
    texto = texto.replace("\n", " | ")
    return texto if len(texto) <= ancho else texto[: ancho - 1] + "…"


def cita(texto, ancho=48):
    return _("“%(text)s”") % {"text": corta(texto, ancho)}


def y_lista(cosas):
    """["a", "b", "c"] -> "a, b and c"."""
    cosas = [str(c) for c in cosas]
    if len(cosas) <= 1:
        return "".join(cosas)
    return _("%(first)s and %(last)s") % {"first": ", ".join(cosas[:-1]), "last": cosas[-1]}


def veces(n):
    return ngettext("once", "%(n)d times", n) % {"n": n}


def describe(v):
    """A value in a few words: what it is, not how Python spells it."""
    if isinstance(v, Ajeno):
        return v.texto()
    if v is None:
        return "None"
    if isinstance(v, bool):
        return _("the boolean %(value)r") % {"value": v}
    if isinstance(v, str):
        return _("the string %(text)s") % {"text": cita(v)}
    if isinstance(v, (int, float)):
        return _("the number %(value)r") % {"value": v}
    if isinstance(v, list):
        return ngettext("a list of %(n)d item", "a list of %(n)d items", len(v)) % {"n": len(v)}
    if isinstance(v, tuple):
        return ngettext("a tuple of %(n)d item", "a tuple of %(n)d items", len(v)) % {"n": len(v)}
    if isinstance(v, dict):
        return _("a dict")
    return _("a value")


_COMPRENSIONES = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")


def lineas_del_alumno(marcos, fuente, maximo=6):
    """The learner's frames, innermost last: "  line 12, in bucle: M.append(r)"."""
    lineas = fuente.splitlines()
    salida, anterior = [], None
    for numero, funcion in marcos:
        if funcion in _COMPRENSIONES and numero == anterior:
            continue
        anterior = numero
        donde = (_("in the main code") if funcion == "<module>"
                 else _("in %(function)s") % {"function": funcion})
        if isinstance(numero, int) and 0 < numero <= len(lineas):
            salida.append("  " + _("line %(line)d, %(where)s: %(code)s") % {
                "line": numero, "where": donde, "code": corta(lineas[numero - 1].strip(), 70)})
        else:
            salida.append("  %s" % donde)
    if len(salida) > maximo:
        omitidas = len(salida) - maximo
        mas = ngettext("… (%(n)d more line)", "… (%(n)d more lines)", omitidas) % {"n": omitidas}
        salida = salida[:2] + ["  " + mas] + salida[-(maximo - 2):]
    return salida


def donde_se_acabo(fallo, fuente):
    """The learner's lines where the time ran out, as a block, or ""."""
    lineas = lineas_del_alumno(fallo["marcos"], fuente)
    return "\n" + _("The time ran out here:") + "\n" + "\n".join(lineas) if lineas else ""


def en_palabras_del_curso(mensaje):
    """Python's compiler message in the course's language, with Python's own after it in
    brackets; the message as it is in English, or if it is not a known one."""
    if language().split("-")[0] == "en":
        return mensaje
    dicho = compiler_words(mensaje)
    return _("%(said)s (Python: %(python)s)") % {"said": dicho, "python": mensaje} if dicho else mensaje


def error_de_sintaxis(error, fuente):
    """A SyntaxError from compiling the learner's file, with its line."""
    sangria_mal = isinstance(error, IndentationError)
    numero = getattr(error, "lineno", None)
    texto = getattr(error, "text", None)
    mensaje = getattr(error, "msg", None) or str(error)
    if texto is None and isinstance(numero, int):
        lineas = fuente.splitlines()
        if 0 < numero <= len(lineas):
            texto = lineas[numero - 1]
    datos = {"line": numero, "message": en_palabras_del_curso(mensaje)}
    if sangria_mal:
        cabeza = (_("Indentation error on line %(line)s: %(message)s.") if numero
                  else _("Indentation error: %(message)s.")) % datos
        corto = _("there is an indentation error on line %(line)s") % datos
    else:
        cabeza = (_("Syntax error on line %(line)s: %(message)s.") if numero
                  else _("Syntax error: %(message)s.")) % datos
        corto = _("there is a syntax error on line %(line)s") % datos
    partes = [cabeza]
    if texto:
        texto = texto.rstrip("\n")
        sangria = len(texto) - len(texto.lstrip())
        partes.append("  " + texto.strip())
        offset = getattr(error, "offset", None)
        if isinstance(offset, int) and offset > sangria:
            partes.append("  " + " " * (offset - 1 - sangria) + "^")
    partes.append(_("Python could not read the code, so nothing was tested."))
    return "\n".join(partes), corto


def con_mensaje(cabeza, fallo):
    """"Your bucle raised KeyError: 'x'." with one final period, whatever the message ends in."""
    mensaje = fallo["mensaje"]
    if fallo["tipo"] == "SystemExit" and mensaje in ("", "None"):
        mensaje = ""
    texto = "%s: %s" % (cabeza, mensaje) if mensaje else cabeza
    return texto if texto.endswith((".", "!", "?", "…")) else texto + "."


def segundos(s):
    # TRANSLATORS: the decimal mark, as in "0.5 s".
    return ("%g" % s).replace(".", _("."))


def pista_de_excepcion(fallo, funcion=None):
    """A hint for exceptions whose name says little to a learner, or ""."""
    tipo = fallo["tipo"]
    if tipo == "SystemExit":
        return (_("sys.exit() and exit() end the whole program; to leave %(function)s "
                  "with a result, use return.") % {"function": funcion or _("your function")})
    if tipo == "KeyboardInterrupt":
        return _("KeyboardInterrupt is the Ctrl+C interruption: nothing in your code should raise it.")
    if tipo == "EOFError":
        return _("input() has nothing to read while the challenge is checked.")
    if tipo == "RecursionError":
        return _("The recursion does not end: is the base case missing?")
    if fallo.get("de_python"):
        # What a cell says under the same error (explain.py): the learner meets one wording.
        return explanation_of(tipo, fallo.get("mensaje", "")) or ""
    return ""


def error_al_cargar(fallo, fuente, limite, funcion):
    """The learner's top-level code failed: (full message, short reason)."""
    if fallo["clase"] == "plazo":
        return (_("Your code did not finish in %(seconds)s s when run, before reaching the "
                  "checks. Is there a loop with no way out outside the function %(function)s?")
                % {"seconds": segundos(limite), "function": funcion} + donde_se_acabo(fallo, fuente),
                _("your code does not finish when run"))
    cabeza = _("Your code raises %(type)s when run, before the checks") % {"type": fallo["tipo"]}
    partes = [con_mensaje(cabeza, fallo)] + lineas_del_alumno(fallo["marcos"], fuente)
    pista = pista_de_excepcion(fallo, funcion)
    if pista:
        partes.append(pista)
    linea = fallo["marcos"][-1][0] if fallo["marcos"] else None
    corto = (_("your code raises %(type)s on line %(line)s") if linea
             else _("your code raises %(type)s")) % {"type": fallo["tipo"], "line": linea}
    return "\n".join(partes), corto
