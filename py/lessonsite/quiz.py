"""What the build adds to a quiz question beyond checking it: each option's stable id, the
question's revision, and whether a nudge gives the answer away.

A learner's answers are kept by option id and dropped when the question's revision changes
(web/src/quiz.js), so both must survive what does not change a question (its options'
order, a reworded explanation or nudge) and change with what does (its prompt, an option's
text, which options are right, the number that is the answer).
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from typing import Any

OPTION_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
ID_LENGTH = 48


def option_id(text: str) -> str:
    """An id from an option's text: lower case, without accents or markup, words joined by -,
    cut at a word boundary near 48 characters. "M tiene 8 mensajes." gives "m-tiene-8-mensajes"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", plain)
    slug = ""
    for word in words:
        if slug and len(slug) + 1 + len(word) > ID_LENGTH:
            break
        slug = f"{slug}-{word}" if slug else word[:ID_LENGTH]
    return slug or "opcion"


def revision(question: dict[str, Any]) -> str:
    """A short digest of what the learner answered: kind, prompt, the answer and its margin, or
    the options' ids, texts and which are right, in id order (so a reorder changes nothing)."""
    what: dict[str, Any] = {"kind": question["kind"], "prompt": question["prompt"]}
    if question["kind"] == "number":
        what["answer"] = question["answer"]
        what["tolerance"] = question.get("tolerance", 0)
    else:
        what["options"] = sorted([o["id"], o["text"], o["correct"]] for o in question["options"])
    digest = hashlib.sha256(json.dumps(what, ensure_ascii=False, sort_keys=True).encode()).hexdigest()
    return digest[:12]


def _number_pattern(value: float) -> re.Pattern[str]:
    """The answer as digits a reader would take for it: 13, 13.0, 13,0; not 130 or 2.13."""
    whole = int(value) if float(value).is_integer() else None
    text = str(whole) if whole is not None else repr(float(value)).rstrip("0")
    body = re.escape(text).replace(r"\.", "[.,]")
    if whole is not None:
        body += r"(?:[.,]0+)?"
    return re.compile(rf"(?<![\d.,]){body}(?![\d]|[.,]\d)")


def _words(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return " ".join(re.findall(r"[a-z0-9]+", plain))


def reveals(question: dict[str, Any], nudge: str) -> str | None:
    """What of the answer `nudge` gives away, said for the author, or None. Checkable: a number
    question's answer written in digits, and a right option's whole text (words compared
    without case, accents or punctuation)."""
    if question["kind"] == "number":
        match = _number_pattern(question["answer"]).search(nudge)
        return f"it writes the answer, {match.group(0)}" if match else None
    said = f" {_words(nudge)} "
    for option in question["options"]:
        words = _words(option["text"])
        if option["correct"] and words and f" {words} " in said:
            return f"it quotes the right option {option['text']!r}"
    return None
