"""A line in the learner's language under a traceback: what the commonest errors of a
beginner mean and where to look, since Python says it in English only.

The traceback itself is left exactly as Python prints it (a lesson may teach how to read
one); this line comes after it, and the page shows it apart from the traceback. An error
this module does not know, or one whose message it cannot read, gets no line: a wrong
explanation is worse than none. It reads the exception's attributes where Python has them
(NameError.name, AttributeError.name and .obj) and the message's fixed wording otherwise,
which is the same in CPython 3.11 to 3.14 (the suite's and Pyodide's).
"""

import re

from .i18n import N_, _, language, ngettext

# What Python's compiler says most often to someone learning, in the course's language: the
# grader's syntax errors say it inside a sentence of their own, with Python's words after it in
# brackets (grading/textos.py), and a cell says it under the traceback, which has Python's. A
# message not listed here stays Python's. A tuple: learner code can reach this module (the
# grader's guard puts the module back after each learner run).
COMPILER_MESSAGES = (
    (re.compile(r"expected ':'"), N_("a “:” is missing")),
    (re.compile(r"invalid syntax\. Perhaps you forgot a comma\?"), N_("the syntax is not valid; is a comma missing?")),
    (re.compile(r"invalid syntax\. Maybe you meant '==' or ':=' instead of '='\?"),
     N_("the syntax is not valid; did you mean “==” instead of “=”?")),
    (re.compile(r"invalid syntax"), N_("the syntax is not valid")),
    (re.compile(r"expected an indented block after '(?P<what>\w+)' statement on line (?P<line>\d+)"),
     N_("an indented block is missing after the “%(what)s” of line %(line)s")),
    (re.compile(r"expected an indented block after function definition on line (?P<line>\d+)"),
     N_("the function defined on line %(line)s has no indented body")),
    (re.compile(r"expected an indented block"), N_("an indented block is missing")),
    (re.compile(r"unexpected indent"), N_("this line is indented where nothing asks for it")),
    (re.compile(r"unterminated string literal \(detected at line (?P<line>\d+)\)"),
     N_("a string is opened and never closed")),
    (re.compile(r"unterminated triple-quoted string literal \(detected at line (?P<line>\d+)\)"),
     N_("a triple-quoted string is opened and never closed")),
    (re.compile(r"'(?P<open>[(\[{])' was never closed"), N_("a “%(open)s” is opened and never closed")),
    (re.compile(r"unmatched '(?P<close>[)\]}])'"), N_("a “%(close)s” closes nothing that was opened")),
    (re.compile(r"closing parenthesis '(?P<close>.)' does not match opening parenthesis '(?P<open>.)'.*"),
     N_("a “%(close)s” closes a “%(open)s”")),
    (re.compile(r"unindent does not match.*"), N_("this line's indentation matches no line above it")),
)

_LOCAL = re.compile(r"^cannot access local variable '(\w+)'")
_CONCAT = re.compile(r'^can only concatenate str \(not "(\w+)"\) to str')
_OPERANDS = re.compile(r"^unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'")
_MISSING = re.compile(r"^([\w.]+)\(\) missing \d+ required (?:positional|keyword-only) arguments?: (.+)$")
# What Python 3.12 and later add to the traceback's last line (the page's Python; 3.11's
# traceback module does not): a name it guesses was meant.
_SUGGESTION = re.compile(r"Did you mean: '([^'\n]+)'\?$|Did you mean: ([\w.]+)\?$")
_TOO_MANY = re.compile(r"^([\w.]+)\(\) takes (?:from )?\d+ (?:to \d+ )?positional arguments? but \d+ (?:was|were) given")
_NONE_USED = re.compile(r"^'NoneType' object is not (subscriptable|iterable|callable)")
_NOT_CALLABLE = re.compile(r"^'(\w+)' object is not callable")
_TEXT_INDEX = re.compile(r"^string indices must be integers")
_SEQUENCE_INDEX = re.compile(r"^(list|tuple) indices must be integers or slices, not (\w+)")
# A value whose type does not do what the code asks of it: (its message, the line, which names the type).
_TYPE_CANNOT = (
    (re.compile(r"^'(\w+)' object is not subscriptable"),
     N_("A value of type %(type)s is used with [...], which it does not take: lists, tuples, texts "
        "and dictionaries do.")),
    (re.compile(r"^'(\w+)' object is not iterable"),
     N_("The code goes through a value of type %(type)s (in a for, a list(...) or an unpacking), "
        "which has no items to go through.")),
    (re.compile(r"^object of type '(\w+)' has no len\(\)"),
     N_("len() counts the items of a list, a text or a dictionary; a value of type %(type)s has "
        "none.")),
    (re.compile(r"^'(\w+)' object does not support item assignment"),
     N_("A value of type %(type)s cannot be changed in place with [...] = ...: a text and a tuple "
        "stay as they were made; build a new one instead.")),
)
# The classes explanation_of knows by name: Python's own, whose messages it reads.
_BUILTIN_ERRORS = {k.__name__: k for k in (NameError, UnboundLocalError, AttributeError, KeyError, IndexError,
                                           ZeroDivisionError, RecursionError, TypeError, ValueError)}
_NOT_DEFINED = re.compile(r"^name '(\w+)' is not defined")
_NO_ATTRIBUTE = re.compile(r"^(?:'(\w+)' object|module '([\w.]+)') has no attribute '(\w+)'")
_INT_LITERAL = re.compile(r"^invalid literal for int\(\) with base 10: ")


def explanation(error, shown=""):
    """The line for `error`, in the language set (lessonrt.i18n), or None. `shown` is the
    traceback as the learner sees it, whose last line may carry Python's own guess of the
    name meant, which the line then says too."""
    try:
        said = _explain(error)
        # In English, Python's own words already say it.
        english = language().split("-")[0] == "en"
        guess = (_SUGGESTION.search(shown.rstrip().rsplit("\n", 1)[-1])
                 if said and not english and isinstance(shown, str) else None)
        if guess:
            said += " " + _("Did you mean “%(name)s”?") % {"name": guess.group(1) or guess.group(2)}
        return said
    except BaseException:  # noqa: B036 - a learner's exception whose attributes misbehave: say nothing
        return None


def explanation_of(kind_name, message):
    """The same line for an exception known only by its class's name and its message, as the
    grader records a learner's exception (grading/guard.py): only Python's own classes, read
    through the attributes their messages say. None when there is none."""
    kind = _BUILTIN_ERRORS.get(kind_name)
    if kind is None or not isinstance(message, str):
        return None
    if kind is AttributeError:
        found = _NO_ATTRIBUTE.match(message)
        if not found:
            return None
        owner, name = found.group(1), found.group(3)
        return _attribute_said(name, _MODULE if found.group(2) else _NONE if owner == "NoneType" else owner)
    if kind is KeyError:
        return _key_said(message) if message else None
    error = kind(message)
    if kind is NameError:
        found = _NOT_DEFINED.match(message)
        if not found:
            return None
        error.name = found.group(1)
    return explanation(error)


def _explain(error):
    kind = type(error)
    # Only a plain str: a subclass's own __str__ is learner code, which must not run here.
    message = error.args[0] if error.args and type(error.args[0]) is str else ""
    if issubclass(kind, SyntaxError):
        return _syntax(error)
    if issubclass(kind, UnboundLocalError):
        found = _LOCAL.match(message)
        name = getattr(error, "name", None) or (found.group(1) if found else None)
        if not name:
            return None
        return _("The function uses its variable “%(name)s” before giving it a value. Because the "
                 "function assigns to “%(name)s” somewhere, Python treats that name as the "
                 "function's own in all of it, even on the lines before.") % {"name": name}
    if issubclass(kind, NameError):
        name = getattr(error, "name", None)
        if not isinstance(name, str) or not name:
            return None
        return _("Python does not know the name “%(name)s”: it may be misspelt (capitals count), or "
                 "used before the line that defines it runs.") % {"name": name}
    if issubclass(kind, AttributeError):
        return _attribute(error)
    if kind is KeyError:
        if len(error.args) != 1:
            return None
        return _key_said(repr(error.args[0]))
    if kind is IndexError:
        return _("The code asks for a position the sequence does not have: one of n items has "
                 "positions 0 to n − 1, and an empty one has none.")
    if kind is ZeroDivisionError:
        return _("A division (/, // or %) by zero.")
    if kind is RecursionError:
        return _("A function calls itself again and again without reaching a case that ends "
                 "(or the nesting is too deep for Python).")
    if kind is TypeError:
        return _type_error(message)
    if kind is ValueError and _INT_LITERAL.match(message):
        return _("int() turns into a number only a text that is a whole number, such as \"42\".")
    return None


def compiler_words(message):
    """The compiler's `message` in the course's words (a phrase without its capital), or
    None for a message COMPILER_MESSAGES does not list."""
    for pattern, msgid in COMPILER_MESSAGES:
        found = pattern.fullmatch(message)
        if found:
            return _(msgid) % found.groupdict()  # a text without fields ignores the dict
    return None


def _syntax(error):
    """SyntaxError and IndentationError: the compiler's message in the course's words."""
    message = error.msg if isinstance(error.msg, str) else ""
    said = compiler_words(message) if message != "invalid syntax" else None
    if said:
        said = said[:1].upper() + said[1:]
        return said if said.endswith((".", "?", "!", "…")) else said + "."
    # Python's bare «invalid syntax» says no more than that: where to look is more use.
    return _("Python cannot read this code: the line the ^ marks, or the one just before it, is "
             "not written the way Python expects.")


def _attribute(error):
    name = getattr(error, "name", None)
    if not isinstance(name, str) or not name:
        return None
    try:
        owner = error.obj
    except AttributeError:
        return None
    kind = _NONE if owner is None else _MODULE if isinstance(owner, type(re)) else type(owner).__name__
    return _attribute_said(name, kind)


# What an attribute was looked up on, for _attribute_said: None, a module, or else the name
# of the value's type (a live exception has the value, the grader's record only its message).
_NONE, _MODULE = object(), object()


def _attribute_said(name, kind):
    if kind is _NONE:
        return _("The value is None, which has no “%(name)s”: it often comes from a function "
                 "that has no return, or from a method that changes its object and returns "
                 "nothing.") % {"name": name}
    if kind is _MODULE:
        return _("The module has no “%(name)s”: look at how it is spelt.") % {"name": name}
    return _("A value of type %(type)s has no attribute or method “%(name)s”: look at how it is "
             "spelt, and whether the value is of the type you meant.") % {"type": kind, "name": name}


def _key_said(key):
    """`key` as Python writes it (its repr)."""
    return _("A dictionary was asked for the key %(key)s, which it does not have: print(d.keys()) "
             "shows the keys of a dictionary d.") % {"key": _short(key)}


def _type_error(message):
    if _CONCAT.match(message):
        return _("+ joins a text only to another text: turn the other value into one with "
                 "str(...), or write an f-string.")
    found = _OPERANDS.match(message)
    if found:
        return _("%(op)s does not work between a value of type %(left)s and one of type %(right)s.") % {
            "op": found.group(1), "left": found.group(2), "right": found.group(3)}
    found = _MISSING.match(message)
    if found:
        names = re.findall(r"'([^']+)'", found.group(2))
        if names:
            return ngettext("%(function)s was called without %(names)s, an argument its def asks for.",
                            "%(function)s was called without %(names)s, arguments its def asks for.",
                            len(names)) % {"function": found.group(1), "names": _both(names)}
        return _("%(function)s was called with fewer arguments than its def asks for.") % {
            "function": found.group(1)}
    found = _TOO_MANY.match(message)
    if found and "." in found.group(1):
        return _("%(function)s was called with more arguments than its def asks for: a method "
                 "also gets its object, as its first parameter (self).") % {"function": found.group(1)}
    if found:
        return _("%(function)s was called with more arguments than its def asks for.") % {
            "function": found.group(1)}
    if _NONE_USED.match(message):
        return _("The value is None: it often comes from a function that has no return, or from "
                 "a method that changes its object and returns nothing.")
    found = _NOT_CALLABLE.match(message)
    if found:
        return _("The code calls, with (...), a value of type %(type)s, which is not a function: "
                 "has a function's name been given another value?") % {"type": found.group(1)}
    # A text or a list where the code expected a dictionary: the usual way a beginner meets
    # a value of another shape than the one they had in mind (a message whose content is a
    # text, not a list of blocks).
    if _TEXT_INDEX.match(message):
        return _("The value before [...] is a text (str), used as if it were a dictionary or a list "
                 "of items: a text takes only whole numbers there ([0] gives its first character). "
                 "Was a dictionary or a list expected at that point?")
    found = _SEQUENCE_INDEX.match(message)
    if found:
        said = (_("The value before [...] is a list, used as if it were a dictionary: a list takes only "
                  "positions there (whole numbers), not a value of type %(type)s. Was a dictionary "
                  "expected at that point?") if found.group(1) == "list" else
                _("The value before [...] is a tuple, used as if it were a dictionary: a tuple takes "
                  "only positions there (whole numbers), not a value of type %(type)s. Was a dictionary "
                  "expected at that point?"))
        return said % {"type": found.group(2)}
    for pattern, said in _TYPE_CANNOT:
        found = pattern.match(message)
        if found:
            return _(said) % {"type": found.group(1)}
    return None


def _both(names):
    """«hora» / «hora» y «dia» / «a», «b» y «c», in the language set."""
    quoted = [_("“%(name)s”") % {"name": n} for n in names]
    if len(quoted) == 1:
        return quoted[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(quoted[:-1]), "last": quoted[-1]}


def _short(text, width=60):
    return text if len(text) <= width else text[:width - 1] + "…"
